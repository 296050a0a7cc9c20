import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, expect, test } from 'vitest'
import { precompress } from '~/tools/precompress'

// The build's compressed twins (src/tools/precompress.ts), which static.ts serves.
const dir = mkdtempSync(join(tmpdir(), 'tbr-precompress-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('text files of 1 KiB or more get .br and .gz twins that decompress to the file; others none', async () => {
  const js = 'export const books = ["Dune", "Emma", "Walden"];\n'.repeat(100)
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'app-1.js'), js)
  writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>TBR</p>'.repeat(200)}`)
  writeFileSync(join(dir, 'tiny.css'), 'a{color:red}')
  writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 7))

  const result = await precompress(dir)
  expect(result.files).toBe(2)
  expect(result.after).toBeLessThan(result.before / 4)
  expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'app-1.js.br'))).toString()).toBe(js)
  expect(gunzipSync(readFileSync(join(dir, 'assets', 'app-1.js.gz'))).toString()).toBe(js)
  expect(existsSync(join(dir, 'index.html.br'))).toBe(true)
  expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false)
  expect(existsSync(join(dir, 'icon.png.br'))).toBe(false)
})
