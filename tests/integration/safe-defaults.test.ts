import { spawn } from 'node:child_process'
import { networkInterfaces } from 'node:os'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { freePort, startServer, waitFor, type ServerProcess } from './processes'
import { startTestServer } from './harness'

// decisions (safe defaults), on the real server process (`npm start` runs src/server/index.ts):
// outside production it listens on loopback only unless HOST is set; /api/dev/* answers only a
// peer whose socket is on loopback (never a forwarded header); production refuses to start with
// test payments or without SMTP unless each is asked for by name, and never logs one-time links.
// Attack: anyone who can reach a development server reads every reset link at /api/dev/outbox.

const SLOW = { timeout: 240_000 }
const root = fileURLToPath(new URL('../..', import.meta.url))
const running: ServerProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()))
})

async function server(env: Record<string, string>) {
  const p = await startServer({ DATA_DIR: 'memory://', PASSWORD_HASH_COST: '12', ...env })
  running.push(p)
  return p
}

/** An address of this machine that is not loopback (the test reaches its own server through it). */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

const json = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  return { status: res.status, body: await res.json().catch(() => null) }
}

async function signUp(base: string, email: string) {
  const res = await json(`${base}/api/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Reader', email, password: 'correct horse!', confirm_password: 'correct horse!' }),
  })
  expect(res.status).toBe(200)
}

test('the dev outbox refuses a peer that is not on loopback, whatever headers it sends (in-process)', async () => {
  const s = await startTestServer({ TRUST_PROXY: 'true' })
  try {
    await s.signUp({ email: 'victim@example.com', verify: false })
    const local = await s.api('GET', '/api/dev/outbox?to=victim@example.com')
    expect(local.status).toBe(200)
    expect(local.body.data[0].links[0]).toContain('token=')
    for (const peer of ['203.0.113.9', '192.168.1.20', '::ffff:10.0.0.7', 'fd00::9']) {
      const res = await s.api('GET', '/api/dev/outbox?to=victim@example.com', {
        peer,
        headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1', host: 'localhost' },
      })
      expect(res.status, peer).toBe(404)
      expect(JSON.stringify(res.body)).not.toContain('token=')
    }
    expect((await s.api('GET', '/api/dev/outbox?to=victim@example.com', { peer: '::ffff:127.0.0.1' })).status).toBe(200)
    expect((await s.api('GET', '/api/dev/outbox?to=victim@example.com', { peer: '::1' })).status).toBe(200)
  } finally {
    await s.close()
  }
})

describe('on the real server process', SLOW, () => {
  test.skipIf(!outside)('HOST set to every interface: /api/dev answers this machine over loopback only', async () => {
    const p = await server({ HOST: '0.0.0.0', TRUST_PROXY: 'true' })
    await signUp(p.url, 'victim@example.com')
    const port = new URL(p.url).port
    const viaLoopback = await json(`${p.url}/api/dev/outbox?to=victim@example.com`)
    expect(viaLoopback.status).toBe(200)
    expect(viaLoopback.body.data).toHaveLength(1)
    // The same machine, reached through its network address: the socket's peer is not loopback.
    const viaNetwork = await json(`http://${outside}:${port}/api/dev/outbox?to=victim@example.com`, {
      headers: { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1' },
    })
    expect(viaNetwork.status).toBe(404)
    expect(JSON.stringify(viaNetwork.body)).not.toContain('token=')
    // The rest of the API answers there as usual.
    expect((await json(`http://${outside}:${port}/api/health`)).status).toBe(200)
  })

  test.skipIf(!outside)('HOST unset outside production: loopback only, nothing on the network address', async () => {
    const p = await server({ HOST: '', LOG_LEVEL: 'info' })
    const port = new URL(p.url).port
    expect((await json(`${p.url}/api/health`)).status).toBe(200)
    const fromNetwork = await fetch(`http://${outside}:${port}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    )
    expect(fromNetwork).toBe('ECONNREFUSED')
    // ::1 too, where the machine has IPv6 loopback.
    const v6 = Object.values(networkInterfaces()).flat().some((a) => a?.address === '::1')
    if (v6) expect((await json(`http://[::1]:${port}/api/health`)).status).toBe(200)
    expect(p.output()).toMatch(/listening on http:\/\/localhost:\d+ \(127\.0\.0\.1( and ::1)?;/)
  })
})

/** Starts `node --import tsx src/server/index.ts` and waits for it to exit; answers code and output. */
function startExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: 'memory://', LOG_LEVEL: 'error', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the server did not refuse to start; output:\n${output}`))
    }, 60_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

describe('production', SLOW, () => {
  test('refuses to start with the local payment provider unless ALLOW_TEST_PAYMENTS=true', async () => {
    const port = String(await freePort())
    const res = await startExpectingExit({ NODE_ENV: 'production', PORT: port, SMTP_URL: 'smtp://127.0.0.1:2525' })
    expect(res.code).toBe(1)
    expect(res.output.trim()).toBe(
      'Invalid environment variable PAYMENT_PROVIDER: local (test payments, no money moves) in production needs ALLOW_TEST_PAYMENTS=true; set PAYMENT_PROVIDER=stripe for real payments',
    )
    // It never listened.
    expect(await fetch(`http://127.0.0.1:${port}/api/health`).then(() => 'answered', () => 'refused')).toBe('refused')
  })

  test('refuses to start without SMTP_URL unless MAIL_LOG=true', async () => {
    const res = await startExpectingExit({ NODE_ENV: 'production', PORT: String(await freePort()), ALLOW_TEST_PAYMENTS: 'true' })
    expect(res.code).toBe(1)
    expect(res.output.trim()).toMatch(/^Invalid environment variable SMTP_URL: required in production .*MAIL_LOG=true/)
  })

  test('with both asked for it starts, and the log names mails but never their one-time links', async () => {
    const p = await server({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', MAIL_LOG: 'true', LOG_LEVEL: 'info', PASSWORD_HASH_COST: '17' })
    await signUp(p.url, 'prod.reader@example.com')
    for (const path of ['/api/auth/magic', '/api/auth/password/reset/request']) {
      const res = await json(`${p.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'prod.reader@example.com' }),
      })
      expect(res.status).toBe(200)
    }
    await waitFor('three mails logged', () => (p.output().match(/mail to prod\.reader@example\.com/g) ?? []).length >= 3, 30_000)
    expect(p.output()).toContain('mail to prod.reader@example.com: Verify your email address')
    expect(p.output()).not.toMatch(/token=|https?:\/\/\S+\/(signup|magic|resetpassword)/)
    expect((await json(`${p.url}/api/dev/outbox?to=prod.reader@example.com`)).status).toBe(404)
  })

  test('outside production the log keeps the links for the developer (what production leaves out)', async () => {
    const p = await server({ NODE_ENV: 'development', LOG_LEVEL: 'info' })
    await signUp(p.url, 'dev.reader@example.com')
    await waitFor('the mail logged', () => p.output().includes('mail to dev.reader@example.com'), 30_000)
    expect(p.output()).toMatch(/mail to dev\.reader@example\.com: Verify your email address \S*token=/)
  })
})
