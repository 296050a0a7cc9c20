import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import pandacss from '@pandacss/dev/postcss'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { systemDarkCss } from '../../tools/system-dark-css'

// The server-rendered public list /{slug} (issue 15 items 1 and 2; README decision
// "Server-rendered public list"), built by `npm run build` after the app in two passes:
//   vite build -c src/client/public/vite.config.ts --ssr   → dist/server-render/render.js (the
//     server renders with it: src/server/public-page.ts)
//   vite build -c src/client/public/vite.config.ts         → dist/client/assets/… (the light
//     client entry), .vite/public-manifest.json and .vite/public-messages.json
// React is aliased to preact/compat on both sides: React 19's react-dom alone is ~60 KB gzip,
// the whole budget of this page; Preact renders and hydrates the same components in ~12 KB.

const src = fileURLToPath(new URL('../..', import.meta.url))
const rootDir = fileURLToPath(new URL('../../..', import.meta.url))

const clientOut = process.env.BUILD_OUT_DIR || `${rootDir}dist/client`

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
      this.emitFile({ type: 'asset', fileName: '.vite/public-messages.json', source: JSON.stringify([...ids].sort()) })
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  root: `${src}/client`,
  envDir: rootDir,
  publicDir: false,
  define: { __MARKETING_URL__: JSON.stringify('') },
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    ...(isSsrBuild ? [] : [messageIds()]),
  ],
  resolve: { alias: [...preact, { find: '~', replacement: src }, { find: 'styled-system', replacement: `${src}/styled-system` }] },
  css: { postcss: { plugins: [pandacss() as never, systemDarkCss() as never] } },
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
        manifest: '.vite/public-manifest.json',
        rollupOptions: { input: `${src}/client/public/main.tsx` },
      },
}))
