import { execFileSync } from 'node:child_process'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { manifest } from './src/client/pwa/manifest.ts'
import { routePreload } from './src/tools/route-preload.ts'
import { baseCss, basePlugins, marketingUrl } from './src/tools/vite-base.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))
const rootDir = fileURLToPath(new URL('.', import.meta.url))

// The router plugin must come before react().
export const plugins = [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: `${src}/client/routes`,
    generatedRouteTree: `${src}/client/route-tree.gen.ts`,
  }),
  ...basePlugins(),
]

// index.html lives in src/client: the design card fixes the top level.
// The version and build stamp shown on /help: APP_BUILD_ID names a build (CI, a deploy, the
// update e2e test); otherwise the commit (so rebuilding the same code gives the same bundle), or
// the build's UTC time outside a git checkout. BUILD_OUT_DIR builds elsewhere (that test).
const version = (JSON.parse(readFileSync(`${rootDir}package.json`, 'utf8')) as { version: string }).version
const gitCommit = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: rootDir, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()
  } catch {
    return ''
  }
}
const buildId = process.env.APP_BUILD_ID || gitCommit() || new Date().toISOString().replace(/[-:]/g, '').slice(0, 13)

export default defineConfig({
  root: `${src}/client`,
  publicDir: `${rootDir}public`,
  envDir: rootDir,
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __APP_BUILD__: JSON.stringify(buildId),
    __MARKETING_URL__: JSON.stringify(marketingUrl(rootDir)),
  },
  plugins: [
    ...plugins,
    // The opening route's chunks and catalog are asked for with the entry, not after it runs.
    routePreload(),
    // The service worker source is sw/sw.ts (design card); registration is in src/client/pwa.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: `${rootDir}sw`,
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'icon.svg'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        globIgnores: ['screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { alias: { '~': src, 'styled-system': `${src}/styled-system` } },
  css: baseCss,
  // The manifest maps each source (entry, route split) to its chunks: tests/budget/check.ts walks
  // it to weigh each route's first-load JavaScript (issue 15 item 2).
  build: {
    outDir: process.env.BUILD_OUT_DIR || `${rootDir}dist/client`,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every module the entry imports statically runs on every start, so it ships as one chunk:
    // split by which routes share it, it was ~70 files, each a separate request to the service
    // worker on an offline start (decision 66).
    // Likewise the app layout (every signed-in screen) and the /books list (the screen an offline
    // start opens) are one chunk each, with what they import beyond boot: split by sharing, /books
    // asked the service worker for ~47 files before its first row; now 4. Another screen that
    // shares a module with them (a dialog, a field) loads their chunk for it: more code to parse
    // there, one request instead of many, and all of it precached.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 3 },
            { name: 'app-layout', test: /\/routes\/_app\.tsx\?tsr-split=component$/, priority: 2 },
            { name: 'book-list', test: /\/routes\/_app\.books\.index\.tsx\?tsr-split=component$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3001' } },
})
