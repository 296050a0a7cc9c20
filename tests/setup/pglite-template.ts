// Vitest global setup: one migrated PGlite cluster, dumped to a file once per run, that every
// in-memory test database starts from (tests/integration/harness.ts). A fresh PGlite runs initdb
// in WebAssembly, 4–8 s of a core on this machine; ~70 test servers did it once each. Loading the
// dump takes ~1 s and gives the same database (the harness still runs the migrations: none pending).
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const migrationsFolder = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url))

export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'tbr-pglite-template-'))
  const client = new PGlite('memory://')
  await migrate(drizzle(client) as never, { migrationsFolder })
  const dump = await client.dumpDataDir('none')
  await client.close()
  const file = join(dir, 'cluster.tar')
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()))
  // Test workers are forked after global setup and inherit the environment.
  process.env.TBR_PGLITE_TEMPLATE = file
  return () => rmSync(dir, { recursive: true, force: true })
}
