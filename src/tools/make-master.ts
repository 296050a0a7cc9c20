// Makes a person support staff ("master"): they get the support screen
// (/account/support) and may open a support session as anyone who turned support access on.
// Only this command grants it, never an API call. It opens the database the server uses (the same
// DATABASE_URL or DATA_DIR, from the environment or .env); with PGlite, stop the server first
// (an embedded database has one process at a time).
//
//   npm run master -- <email>            grant
//   npm run master -- --revoke <email>   take it back (and end their sessions)

import { sql } from 'drizzle-orm'
import { startupConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { users } from '../server/db/schema'
import { revokeUserSessions } from '../server/services/sessions'

const args = process.argv.slice(2)
const revoke = args.includes('--revoke')
const email = args.find((a) => !a.startsWith('--'))

if (!email || args.some((a) => a.startsWith('--') && a !== '--revoke')) {
  console.error('Usage: npm run master -- [--revoke] <email>')
  process.exit(2)
}

const config = startupConfig()
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
try {
  const [user] = await database.db
    .update(users)
    .set({ master: !revoke, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning({ id: users.id, name: users.name, email: users.email })
  if (!user) {
    console.error(`No user has the email address ${email}. They sign up first, then run this again.`)
    process.exitCode = 1
  } else if (revoke) {
    // A support screen already open stops working at once: their sessions end, and with them
    // every support session they opened (services/sessions.ts checks the staff member's session).
    await revokeUserSessions(database.db, user.id)
    console.log(`${user.name} <${user.email}> is no longer support staff; their sessions and support sessions have ended.`)
  } else {
    console.log(`${user.name} <${user.email}> is now support staff (master): /account/support after their next sign-in or reload.`)
  }
} finally {
  await database.close()
}
