import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

// Real server processes and throwaway PostgreSQL clusters for the PostgreSQL-only tests
// (*.pg.test.ts): the API runs as `node --import tsx src/server/index.ts`, exactly what
// `npm start` imports, and is reached over HTTP. Every wait here has a deadline.

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Polls `check` until it answers true; throws naming `what` after `ms`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The newest PostgreSQL server binaries installed (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBin(): string {
  const base = '/usr/lib/postgresql'
  const majors = existsSync(base) ? readdirSync(base).filter((d) => existsSync(join(base, d, 'bin/initdb'))) : []
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest) {
    throw new Error(
      'This test starts its own PostgreSQL and needs the server binaries in /usr/lib/postgresql/*/bin: ' +
        'install them (Debian: sudo apt-get install -y postgresql; .ci/run does this) and retry.',
    )
  }
  return join(base, newest, 'bin')
}

export interface PgCluster {
  url: string
  start(): Promise<void>
  stop(mode: 'fast' | 'immediate'): Promise<void>
  /** Stops it (if running) and deletes its files. */
  destroy(): Promise<void>
}

/**
 * initdb into a temp dir and start it on a free port. As root the binaries run as the
 * `postgres` user (PostgreSQL refuses root), like .ci/run does.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'tbr-pg-'))
  chmodSync(dir, 0o755)
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { timeout: 60_000 })
      : run(join(bin, cmd), args, { timeout: 60_000 })
  if (asRoot) await run('install', ['-d', '-o', 'postgres', '-g', 'postgres', '-m', '700', data])
  else mkdirSync(data, { mode: 0o700 })
  await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-N', '--no-instructions'])
  const port = await freePort()
  // The socket and the log go inside the data dir: the only folder the `postgres` user owns.
  // fsync=off: commits still write the WAL to the OS before answering, so a stop of any mode
  // (even `immediate`, a crash of PostgreSQL) keeps them; only an OS crash could lose them.
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${data} -c max_connections=50 -c fsync=off`
  const log = join(data, 'server.log')
  let running = false
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await as('pg_ctl', ['-D', data, '-l', log, '-o', opts, '-w', '-t', '30', 'start'])
      running = true
    },
    async stop(mode) {
      await as('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop'])
      running = false
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
  await cluster.start()
  return cluster
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Set once the process has exited: its code or signal. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null
  /** Everything it printed on stdout and stderr. */
  output(): string
  /** SIGTERM, then SIGKILL if it has not exited within 30 s; answers how it exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Starts the real server and waits until GET /api/health answers 200. */
/** `waitMs`: how long it may take to answer /api/health (a start shared with browsers is slower). */
export async function startServer(env: Record<string, string>, { waitMs = 90_000 } = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      AUTH_IP_LIMIT: '100000',
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const proc: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    exit: null,
    output: () => out,
    async stop() {
      if (!proc.exit) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
        await exited
        clearTimeout(timer)
      }
      return proc.exit!
    },
  }
  child.once('exit', (code, signal) => (proc.exit = { code, signal }))
  const healthy = async () => {
    if (proc.exit) throw new Error(`the server exited (${JSON.stringify(proc.exit)}) before answering`)
    const res = await fetch(`${proc.url}/api/health`, { signal: AbortSignal.timeout(5000) }).catch(() => null)
    return res?.status === 200
  }
  try {
    await waitFor(`${proc.url}/api/health`, healthy, waitMs)
  } catch (err) {
    await proc.stop()
    throw new Error(`${(err as Error).message}; server output:\n${out}`)
  }
  return proc
}
