import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, expect, test } from 'vitest'
import { weighRoutes } from '../budget/check'

// tests/budget/check.ts (decision 42): a route's first load is its HTML's module scripts and
// modulepreloads, plus the matched routes' splits, with their static imports; nothing loaded by a
// dynamic import, no other route's chunk.

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A random (incompressible) script of about `kb` KB gzip. */
const script = (kb: number) => Array.from({ length: kb * 1024 }, () => Math.random().toString(36)[2]).join('')
const gz = (s: string) => gzipSync(s, { level: 9 }).length / 1024

test('counts the entry, its preloads, the route splits and their static imports, and nothing dynamic', () => {
  dir = mkdtempSync(join(tmpdir(), 'tbr-budget-'))
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, '.vite'))
  const files: Record<string, string> = {
    'assets/entry.js': script(3),
    'assets/vendor.js': script(5),
    'assets/preloaded.js': script(1),
    'assets/slug-page.js': script(2),
    'assets/slug-shared.js': script(1),
    'assets/chart.js': script(9),
    'assets/signin-page.js': script(4),
  }
  for (const [f, body] of Object.entries(files)) writeFileSync(join(dir, f), body)
  writeFileSync(
    join(dir, 'index.html'),
    '<script type="module" crossorigin src="/assets/entry.js"></script><link rel="modulepreload" crossorigin href="/assets/preloaded.js">',
  )
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/entry.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['charts.tsx'] },
      '_vendor.js': { file: 'assets/vendor.js' },
      '_preloaded.js': { file: 'assets/preloaded.js' },
      '_slug-shared.js': { file: 'assets/slug-shared.js' },
      'charts.tsx': { file: 'assets/chart.js' },
      'routes/$slug.tsx?tsr-split=component': {
        file: 'assets/slug-page.js',
        imports: ['_slug-shared.js', '_vendor.js'],
      },
      'routes/_auth.signin.tsx?tsr-split=component': { file: 'assets/signin-page.js' },
    }),
  )
  const [slug] = weighRoutes(dir, [{ name: 'public list', html: 'index.html', routes: ['$slug.tsx'], budgetKb: 60 }])
  expect(new Set(slug!.files)).toEqual(
    new Set([
      'assets/entry.js',
      'assets/vendor.js',
      'assets/preloaded.js',
      'assets/slug-page.js',
      'assets/slug-shared.js',
    ]),
  )
  const expected = ['entry', 'vendor', 'preloaded', 'slug-page', 'slug-shared'].reduce(
    (s, f) => s + gz(files[`assets/${f}.js`]!),
    0,
  )
  expect(slug!.kb).toBeCloseTo(expected, 1)
})
