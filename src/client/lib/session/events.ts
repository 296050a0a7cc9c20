import { send } from '../http'

/** A usage event; failures are not the user's concern. */
export function recordEvent(name: string, metadata?: Record<string, unknown>) {
  return send('post', 'event', { name, metadata }).then(
    () => undefined,
    () => undefined,
  )
}
