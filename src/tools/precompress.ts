// Writes Brotli (.br) and gzip (.gz) twins of the built client's text files, so the server sends
// them compressed at no cost per request (src/server/static.ts serves them when the browser
// accepts the encoding). Part of `npm run build`, after `vite build`:
//   node_modules/.bin/tsx src/tools/precompress.ts [dir]   (default dist/client)
// Lighthouse's figures on a throttled phone connection were mostly the ~1 MB of uncompressed
// JavaScript and CSS; compressed it is about a quarter of that.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json|txt|xml)$/
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024

const br = promisify(brotliCompress)
const gz = promisify(gzip)

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (COMPRESSIBLE.test(entry.name)) yield path
  }
}

export async function precompress(dir: string) {
  let before = 0
  let after = 0
  const work = [...files(dir)]
    .filter((path) => statSync(path).size >= MIN_BYTES)
    .map(async (path) => {
      const body = readFileSync(path)
      const [brotli, gzipped] = await Promise.all([
        br(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: 9 }),
      ])
      // A twin that saves nothing is not written: the server then sends the file as it is.
      if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli)
      if (gzipped.length < body.length) writeFileSync(`${path}.gz`, gzipped)
      before += body.length
      after += Math.min(brotli.length, body.length)
    })
  await Promise.all(work)
  return { files: work.length, before, after }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const dir = process.argv[2] ?? join(root, 'dist/client')
  const { files: n, before, after } = await precompress(dir)
  const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`
  console.log(`precompressed ${n} files in ${relative(process.cwd(), dir) || '.'}: ${kib(before)} → ${kib(after)} (br)`)
}
