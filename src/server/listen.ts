import { createAdaptorServer } from '@hono/node-server'
import type { Server } from 'node:http'
import type { Config } from './config'

// decisions (safe defaults): outside production the server listens on loopback only, 127.0.0.1
// and ::1 where the machine has IPv6, unless HOST names an address; so `npm start` on a laptop in
// a café does not serve its development mail outbox to the network. In production (behind a proxy
// or on a host of its own) the default is every interface.

/** The addresses to listen on; the first one must work, later ones are used where they exist. */
export function listenAddresses(config: Pick<Config, 'HOST' | 'NODE_ENV'>): string[] {
  if (config.HOST) return [config.HOST]
  return config.NODE_ENV === 'production' ? ['0.0.0.0'] : ['127.0.0.1', '::1']
}

/** One HTTP server per address, all answering with `fetch`; resolves once each is listening. */
export async function listen(fetch: (req: Request, env?: unknown) => Response | Promise<Response>, config: Pick<Config, 'HOST' | 'NODE_ENV' | 'PORT'>) {
  const servers: Server[] = []
  const [first, ...optional] = listenAddresses(config)
  servers.push(await listenOn(fetch, first!, config.PORT))
  for (const address of optional) {
    // No IPv6 loopback on this machine (or in this container): 127.0.0.1 alone serves localhost.
    const server = await listenOn(fetch, address, config.PORT).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT') return null
      throw err
    })
    if (server) servers.push(server)
  }
  return servers
}

function listenOn(fetch: Parameters<typeof listen>[0], address: string, port: number): Promise<Server> {
  const server = createAdaptorServer({ fetch }) as Server
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, address, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}
