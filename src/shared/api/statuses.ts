import type { ApiCall } from './types'

// Every status a call can answer: its own (the declaration's `status` and `statuses`) and those
// its declaration implies, in the order the policy checks them (middleware/policy.ts).

export function statusesOf(call: ApiCall): number[] {
  const out = new Set<number>([call.status ?? 200, ...(call.statuses ?? [])])
  const input = call.input ?? {}
  const session = call.who !== 'none' && call.who !== 'optional'
  if (input.body || input.query || input.params || input.headers) out.add(400)
  if (session || call.key) out.add(401)
  // A plan without the capability; a key's account whose plan no longer includes keys.
  if (call.plan || call.key) out.add(402)
  // A role without the flag or staff-only, a key (without the scope, or on a person's call), a
  // support session.
  if (session || !call.support) out.add(403)
  if (input.params) out.add(404)
  if (input.body) out.add(413)
  if (call.key || call.passwordGate) out.add(429)
  // Admission control sheds load with 503 + Retry-After; health answers 503 when the database is down.
  out.add(503)
  return [...out].sort((a, b) => a - b)
}
