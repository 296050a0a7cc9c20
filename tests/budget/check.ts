// Bundle budgets (issue 15 item 2), run by `npm test` after the build: the JavaScript a route
// loads before its first paint can settle, gzip-compressed, against its budget. It prints every
// route's size and exits 1 when one is over.
//
// What counts as a route's first load: the module scripts of the HTML the server answers for it
// and their modulepreloads, then the route chunks the entry fetches at once for that path
// (src/client/main.tsx loads the matched routes' splits before the first render), each with its
// static imports, read from Vite's manifest (dist/client/.vite/manifest.json). Dynamic imports
// (a chart, the import worker, a payment form) load later and do not count.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = fileURLToPath(new URL('../../dist/client', import.meta.url))

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

/** Budgets in KB of gzip (1 KB = 1024 bytes); `routes` are the route files matched on that path. */
export const ROUTES = [
  { name: 'public list /{slug}', html: 'index.html', routes: ['__root.tsx', '$slug.tsx'], budgetKb: 60 },
  { name: '/signin', html: 'index.html', routes: ['__root.tsx', '_auth.tsx', '_auth.signin.tsx'], budgetKb: 90 },
] as const

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

const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length

function main() {
  const manifestPath = join(dist, '.vite/manifest.json')
  if (!existsSync(manifestPath)) {
    console.error('budget: dist/client/.vite/manifest.json is missing; run `npm run build` first')
    process.exit(2)
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  let over = false
  for (const route of ROUTES) {
    const start = htmlScripts(readFileSync(join(dist, route.html), 'utf8'))
    // The route files' splits (component, loader, …) are keyed by source path plus a query.
    for (const [key, chunk] of Object.entries(manifest)) {
      if (route.routes.some((r) => key === `routes/${r}` || key.startsWith(`routes/${r}?`))) start.push(chunk.file)
    }
    const files = [...withStaticImports(manifest, start)].filter((f) => f.endsWith('.js'))
    const kb = files.reduce((sum, f) => sum + gzipBytes(f), 0) / 1024
    const ok = kb <= route.budgetKb
    over ||= !ok
    console.log(
      `${ok ? '✓' : '✗'} ${route.name.padEnd(22)} ${kb.toFixed(1).padStart(6)} KB gzip in ${String(files.length).padStart(3)} files (budget ${route.budgetKb} KB)`,
    )
  }
  process.exit(over ? 1 : 0)
}

main()
