/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The marketing site the auth layout's logo links to (spec §1); default https://tbr.example. */
  readonly VITE_MARKETING_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
