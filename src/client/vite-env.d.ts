/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The marketing site the auth layout's logo links to (spec §1); default https://tbr.example. */
  readonly VITE_MARKETING_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/** package.json's version, set by vite.config.ts `define`. */
declare const __APP_VERSION__: string
/** This build's stamp (APP_BUILD_ID, or the build's time), set by vite.config.ts `define`. */
declare const __APP_BUILD__: string
