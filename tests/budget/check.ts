// Bundle budgets (decision 42), run by `npm test` after the build: the JavaScript a route
// loads before its first paint can settle, gzip-compressed, against its budget. It prints every
// route's size and exits 1 when one is over.
//
// What counts as a route's first load: the module scripts of the HTML the server answers for it
// and their modulepreloads, then the route chunks the entry fetches at once for that path
// (src/client/main.tsx loads the matched routes' splits before the first render), each with its
// static imports, read from Vite's manifest (dist/client/.vite/manifest.json). Dynamic imports
// (a chart, the import worker, a payment form) load later and do not count.
//
// The public list /{slug} is rendered by the server (decision 50): its HTML loads the light
// entry src/client/public/main.tsx instead of the app's, so it is weighed from that build's
// manifest (.vite/public-manifest.json or auth-manifest.json): the entry with its static imports (what
// src/server/public-page.ts puts in the page as script and modulepreloads).
// The signed-out screens (/, /signin, /signup, /forgotpassword, /magic) are rendered the same way
// and load the light entry src/client/public/auth-main.tsx (src/server/auth-page.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

/** Budgets in KB of gzip (1 KB = 1024 bytes); `routes` are the route files matched on that path. */
export type RouteBudget = {
  name: string
  budgetKb: number
} & (
  | { html: string; routes: readonly string[] }
  /** A page with an entry of its own: `entry` in the manifest `manifest` (under dist/.vite). */
  | { manifest: string; entry: string }
)

// The signed-out screens are one light entry (src/client/public/auth-main.tsx,
// decision 53): each is weighed, so a screen that grows its own is seen.
const AUTH_ENTRY = { manifest: 'auth-manifest.json', entry: 'public/auth-main.tsx', budgetKb: 90 } as const

export const ROUTES: readonly RouteBudget[] = [
  { name: 'public list /{slug}', manifest: 'public-manifest.json', entry: 'public/main.tsx', budgetKb: 60 },
  { name: '/signin', ...AUTH_ENTRY },
  { name: '/', ...AUTH_ENTRY },
  { name: '/signup', ...AUTH_ENTRY },
  { name: '/forgotpassword', ...AUTH_ENTRY },
  { name: '/magic', ...AUTH_ENTRY },
]

/** The files a page's HTML loads as module scripts or modulepreloads, dist-relative. */
export function htmlScripts(html: string): string[] {
  const found = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) found.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) found.add(m[1]!)
  return [...found].map((f) => f.replace(/^\//, ''))
}

/** `files` with every static import they pull in (by file name, through the manifest). */
export function withStaticImports(manifest: Manifest, files: Iterable<string>): Set<string> {
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]))
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key]!.file)
  }
  for (const f of files) visit(f)
  return seen
}

export interface RouteWeight {
  name: string
  budgetKb: number
  kb: number
  files: string[]
}

/** Each route's first-load JavaScript in `dist`, gzip level 9, in KB. */
export function weighRoutes(dist: string, routes: readonly RouteBudget[] = ROUTES): RouteWeight[] {
  const readManifest = (name: string) => JSON.parse(readFileSync(join(dist, '.vite', name), 'utf8')) as Manifest
  const manifest = readManifest('manifest.json')
  const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  const weigh = (route: RouteBudget, m: Manifest, start: string[]) => {
    const files = [...withStaticImports(m, start)].filter((f) => f.endsWith('.js'))
    const kb = files.reduce((sum, f) => sum + gzipBytes(f), 0) / 1024
    return { name: route.name, budgetKb: route.budgetKb, kb, files }
  }
  return routes.map((route) => {
    if ('entry' in route) {
      const own = readManifest(route.manifest)
      const entry = own[route.entry]
      if (!entry) throw new Error(`budget: ${route.entry} is not in .vite/${route.manifest}`)
      return weigh(route, own, [entry.file])
    }
    const start = htmlScripts(readFileSync(join(dist, route.html), 'utf8'))
    // The route files' splits (component, loader, …) are keyed by source path plus a query.
    for (const [key, chunk] of Object.entries(manifest)) {
      if (route.routes.some((r) => key === `routes/${r}` || key.startsWith(`routes/${r}?`))) start.push(chunk.file)
    }
    return weigh(route, manifest, start)
  })
}

function main() {
  const dist = fileURLToPath(new URL('../../dist/client', import.meta.url))
  if (!existsSync(join(dist, '.vite/manifest.json'))) {
    console.error('budget: dist/client/.vite/manifest.json is missing; run `npm run build` first')
    process.exit(2)
  }
  let failed = false
  for (const route of weighRoutes(dist)) {
    const ok = route.kb <= route.budgetKb
    failed ||= !ok
    console.log(
      `${ok ? '✓' : '✗'} ${route.name.padEnd(22)} ${route.kb.toFixed(1).padStart(6)} KB gzip in ${String(route.files.length).padStart(3)} files (budget ${route.budgetKb} KB)`,
    )
  }
  process.exit(failed ? 1 : 0)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
