import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { baseCss, basePlugins, marketingUrl } from '../../tools/vite-base.ts'

// The server-rendered pages (decisions 50 and 53): the public list /{slug} and the signed-out
// screens /, /signin, /signup, /forgotpassword, /magic, built by `npm run build` after the app in
// two passes:
//   vite build -c src/client/public/vite.config.ts --ssr   → dist/server-render/render.js (the
//     server renders with it: src/server/public-page.ts, auth-page.ts)
//   LIGHT_ENTRY=public|auth vite build -c src/client/public/vite.config.ts
//     → dist/client/assets/… (one light client entry a pass: main.tsx or auth-main.tsx),
//     .vite/<entry>-manifest.json and .vite/<entry>-messages.json. One pass each, not one with
//     two inputs: built together, the two entries' shared chunks carried the sign-in forms'
//     schemas into the public list's first load (26 → 32 KB gzip).
// React is aliased to preact/compat on both sides: React 19's react-dom alone is ~60 KB gzip,
// the whole budget of this page; Preact renders and hydrates the same components in ~12 KB.

const src = fileURLToPath(new URL('../..', import.meta.url))
const rootDir = fileURLToPath(new URL('../../..', import.meta.url))

const clientOut = process.env.BUILD_OUT_DIR || `${rootDir}dist/client`
/** The light entry of this client pass: the public list's (main.tsx) or the signed-out screens'. */
const entry = process.env.LIGHT_ENTRY === 'auth' ? 'auth' : 'public'
const entryFile = { public: 'main.tsx', auth: 'auth-main.tsx' }[entry]

const preact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
]

/**
 * The ids of the Lingui messages this bundle's code uses (the macro compiles each to `{ id: "…" }`
 * or `id="…"`): the server embeds only those in the page, not the whole app's catalogue.
 */
function messageIds(): Plugin {
  const ids = new Set<string>()
  return {
    name: 'tbr-public-message-ids',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('node_modules') && !id.includes('@lingui')) return null
      for (const m of code.matchAll(/\bid:\s*"([^"]+)"|\bid="([^"]+)"/g)) ids.add((m[1] ?? m[2])!)
      return null
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: `.vite/${entry}-messages.json`, source: JSON.stringify([...ids].sort()) })
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  root: `${src}/client`,
  envDir: rootDir,
  publicDir: false,
  // The auth layout's logo links where the app's does.
  define: { __MARKETING_URL__: JSON.stringify(marketingUrl(rootDir)) },
  plugins: [...basePlugins(), ...(isSsrBuild ? [] : [messageIds()])],
  resolve: { alias: [...preact, { find: '~', replacement: src }, { find: 'styled-system', replacement: `${src}/styled-system` }] },
  css: baseCss,
  // Bundled whole for the server too: a dependency left to Node would import the real React.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        // Beside the client's files, never among them (they are served as they are).
        outDir: `${clientOut}/../server-render`,
        emptyOutDir: true,
        rollupOptions: { input: `${src}/client/public/render.tsx`, output: { entryFileNames: 'render.js' } },
      }
    : {
        outDir: clientOut,
        emptyOutDir: false,
        manifest: `.vite/${entry}-manifest.json`,
        rollupOptions: {
          input: `${src}/client/public/${entryFile}`,
          // The kit's modules only declare (components, recipes, schemas): a part of it these
          // pages do not use (the date, select and file fields of the form kit's index) is left
          // out with everything it imports, though some declare at their top level.
          treeshake: { moduleSideEffects: (id: string) => (id.includes('/src/client/ui/') ? false : undefined) },
        },
      },
}))
