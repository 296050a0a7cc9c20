// Seeds a demo reader through the API of a running server (outside production: it reads the
// verification link from the dev outbox): signed up, verified, free plan, onboarded, a public
// list at a custom URL and a few books. Used by capture-screenshots.ts; on its own it prints
// the token and the slug, e.g. for measuring the public page with Lighthouse:
//   node_modules/.bin/tsx src/tools/seed-demo.ts http://localhost:3400 [slug]

export const DEMO_PASSWORD = 'Shelf-life1!'

export const DEMO_BOOKS = [
  {
    title: 'Dune',
    author: 'Frank Herbert',
    rating: 5,
    started_at: '2024-01-02',
    finished_at: '2024-02-03',
    review: 'Spice, sand and politics: a slow start, then impossible to put down.',
  },
  { title: 'Emma', author: 'Jane Austen', rating: 4, started_at: '2024-03-01' },
  { title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin' },
  { title: 'Cien años de soledad', author: 'Gabriel García Márquez', rating: 5, started_at: '2024-04-01', finished_at: '2024-05-20' },
  { title: 'Middlemarch', author: 'George Eliot', started_at: '2024-06-10' },
  { title: 'Walden; or, Life in the Woods', author: 'Henry David Thoreau' },
]

export interface DemoReader {
  email: string
  token: string
  slug: string
}

async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

async function verificationToken(base: string, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const outbox = await call<{ data: { links: string[] }[] }>(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)
    const link = outbox.data.flatMap((m) => m.links).find((l) => new URL(l).pathname === '/signup/verify')
    const token = link && new URL(link).searchParams.get('token')
    if (token) return token
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no verification mail for ${email} in the dev outbox`)
}

/** Creates the demo reader on the server at `base` (e.g. http://localhost:3400). */
export async function seedDemoReader(
  base: string,
  opts: { name?: string; email?: string; slug?: string; books?: typeof DEMO_BOOKS } = {},
): Promise<DemoReader> {
  const stamp = Date.now().toString(36)
  const email = opts.email ?? `demo-${stamp}@example.com`
  await call(base, 'POST', '/api/account', { name: opts.name ?? 'Ada Lovelace', email, password: DEMO_PASSWORD })
  const verified = await call<{ data: { token: string } }>(base, 'POST', '/api/user/verify', {
    token: await verificationToken(base, email),
  })
  const token = verified.data.token
  await call(base, 'POST', '/api/account/plan', { plan: 'free' }, token)
  await call(base, 'PATCH', '/api/user', { onboarded: true }, token)
  const slug = opts.slug ?? `ada-${stamp}`
  await call(base, 'PATCH', '/api/url', { slug }, token)
  for (const book of opts.books ?? DEMO_BOOKS) await call(base, 'POST', '/api/books', book, token)
  return { email, token, slug }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://localhost:3000'
  const reader = await seedDemoReader(base, { slug: process.argv[3] })
  console.log(JSON.stringify(reader))
}
