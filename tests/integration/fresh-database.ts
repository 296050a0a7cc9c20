import { randomBytes } from 'node:crypto'
import pg from 'pg'

// A throwaway database for one test file or load run, on the PostgreSQL server the caller names.

/** A new, empty database on the PostgreSQL server `adminUrl` names, and how to drop it. */
export async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}
