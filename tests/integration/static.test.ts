import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '~/server/app'
import { flushViews } from '~/server/services/view-counter'
import { escapeHtml } from '~/server/lib/html'
import { injectShareMeta, serveClient } from '~/server/static'
import { sql, startTestServer, type TestServer } from './harness'

// static.ts: the built client's caching rules, and the share tags (title, Open Graph, Twitter)
// in the shell answered for a shared link /{slug}. A tiny fake dist folder stands in for the build.

// As the build's index.html: the first paint follows the system's theme until a cookie says more.
const SHELL = `<!doctype html>
<html lang="en" class="system-dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Keep the books you mean to read." />
    <meta name="theme-color" content="#4338ca" media="(prefers-color-scheme: light)" />
    <meta name="theme-color" content="#020617" media="(prefers-color-scheme: dark)" />
    <title>TBR</title>
  </head>
  <body><div id="root"></div></body>
</html>
`
const NASTY = `Zoë <script>alert("x")</script> & O'Hara $& $1`

let s: TestServer
let dir: string
let app: ReturnType<typeof createApp>
let accountId: string

async function seedList(slug: string, owner: string, books: number) {
  const id = randomUUID()
  const userId = randomUUID()
  await s.query(sql`insert into users (id, name, email) values (${userId}, ${owner}, ${`${userId}@example.com`})`)
  await s.query(sql`insert into accounts (id, name, slug) values (${id}, 'List', ${slug})`)
  await s.query(sql`insert into memberships (user_id, account_id, role) values (${userId}, ${id}, 'owner')`)
  for (let i = 0; i < books; i++)
    await s.query(
      sql`insert into books (id, account_id, title, version) values (${randomUUID()}, ${id}, ${`Book ${i}`}, ${i + 1})`,
    )
  return id
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.request(path, { headers })
  return { status: res.status, headers: res.headers, text: await res.text() }
}
const getBytes = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.request(path, { headers })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}
const ASSET = 'console.log("a hashed asset");'.repeat(50)

beforeAll(async () => {
  s = await startTestServer()
  dir = mkdtempSync(join(tmpdir(), 'tbr-dist-'))
  writeFileSync(join(dir, 'index.html'), SHELL)
  writeFileSync(join(dir, 'sw.js'), 'self.x = 1')
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)')
  // The build's compressed twins (src/tools/precompress.ts).
  writeFileSync(join(dir, 'assets', 'big-def456.js'), ASSET)
  writeFileSync(join(dir, 'assets', 'big-def456.js.br'), brotliCompressSync(ASSET))
  writeFileSync(join(dir, 'sw.js.br'), brotliCompressSync('self.x = 1'))
  app = createApp(s.deps, { staticHandler: serveClient(dir) })
  accountId = await seedList('Zoe-Reads', NASTY, 3)
  await seedList('one-book', 'Uno', 1)
})
afterAll(async () => {
  await s.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('shared link /{slug}', () => {
  test('the shell carries the owner’s title and share tags, escaped', async () => {
    const res = await get('/zoe-reads')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const esc = 'Zoë &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Hara $&amp; $1'
    const title = `${esc}&#39;s TBR list`
    const description = `3 books on ${esc}&#39;s to-be-read list`
    expect(res.text).toContain(`<title>${title}</title>`)
    expect(res.text).toContain(`<meta property="og:title" content="${title}">`)
    expect(res.text).toContain(`<meta property="og:description" content="${description}">`)
    expect(res.text).toContain(`<meta name="description" content="${description}">`)
    expect(res.text).toContain('<meta property="og:type" content="website">')
    expect(res.text).toContain('<meta property="og:url" content="http://localhost:3000/Zoe-Reads">')
    expect(res.text).toContain('<meta name="twitter:card" content="summary">')
    expect(res.text).toContain(`<meta name="twitter:title" content="${title}">`)
    // One title, one description, all inside <head>, nothing raw from the name.
    expect(res.text.match(/<title>/g)).toHaveLength(1)
    expect(res.text.match(/name="description"/g)).toHaveLength(1)
    expect(res.text).not.toContain('<script>')
    const head = res.text.slice(0, res.text.indexOf('</head>'))
    expect(head).toContain('og:title')
    expect(res.text).toContain('<div id="root"></div>')
  })

  test('one book is singular; Spanish when asked; a trailing slash is the same link', async () => {
    expect((await get('/one-book')).text).toContain('content="1 book on Uno&#39;s to-be-read list"')
    const es = await get('/ONE-BOOK/', { 'accept-language': 'es' })
    expect(es.text).toContain('<title>Lista TBR de Uno</title>')
    expect(es.text).toContain('content="1 libro en la lista de lecturas pendientes de Uno"')
    expect(es.headers.get('vary')).toMatch(/accept-language/i)
  })

  test('the HTML request does not count a view', async () => {
    await get('/zoe-reads')
    await get('/zoe-reads')
    await flushViews(s.deps.db) // views are written in batches (services/view-counter.ts)
    const [row] = await s.query<{ views: number }>(sql`select views from accounts where id = ${accountId}`)
    expect(Number(row!.views)).toBe(0)
    expect(await s.query(sql`select * from account_daily_views where account_id = ${accountId}`)).toEqual([])
  })

  test.each([
    ['/nobody-here', 404],
    ['/a', 404],
    ['/dashboard', 200],
    ['/signin', 200],
    ['/zoe-reads/extra', 200],
    ['/', 200],
  ])(
    '%s gets the plain shell (status %i)',
    async (path, status) => {
      const res = await get(path)
      expect(res.status).toBe(status)
      expect(res.text).toBe(SHELL)
      expect(res.headers.get('cache-control')).toBe('no-cache')
    },
  )

  test('a closed account’s link gets the plain shell', async () => {
    const id = await seedList('closed-one', 'Closed', 2)
    await s.query(sql`update accounts set closed_at = now() where id = ${id}`)
    const closed = await get('/closed-one')
    expect(closed.status).toBe(404)
    expect(closed.text).toBe(SHELL)
  })
})

describe('caching rules are kept', () => {
  test('hashed assets for a year; the service worker and files revalidate or as served', async () => {
    const asset = await get('/assets/app-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const sw = await get('/sw.js')
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    const robots = await get('/robots.txt')
    expect(robots.text).toBe('User-agent: *')
    expect(robots.headers.get('cache-control')).toBeNull()
  })

  test('compressed twins are sent to browsers that accept them, with the same caching rules', async () => {
    const br = await getBytes('/assets/big-def456.js', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toMatch(/javascript/)
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET)
    // No twin for this encoding (or none asked for): the file as it is.
    const plain = await get('/assets/big-def456.js', { 'accept-encoding': 'gzip' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.text).toBe(ASSET)
    // The service worker's twin still revalidates: the rule looks at sw.js, not sw.js.br.
    const sw = await getBytes('/sw.js', { 'accept-encoding': 'br' })
    expect(sw.headers.get('content-encoding')).toBe('br')
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    expect(brotliDecompressSync(sw.body).toString()).toBe('self.x = 1')
  })

  test('the shell is compressed per answer, shared-link tags included', async () => {
    const br = await getBytes('/zoe-reads', { 'accept-encoding': 'gzip, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toMatch(/text\/html/)
    expect(br.headers.get('vary')).toMatch(/accept-language/i)
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.body).toString()).toContain('og:title')
    const gz = await getBytes('/signin', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('cache-control')).toBe('no-cache')
    expect(gunzipSync(gz.body).toString()).toBe(SHELL)
  })

  test('a missing file is a 404, never the shell; app paths still get the shell', async () => {
    for (const path of ['/assets/missing-abc123.js', '/assets/gone.css', '/assets/no-extension', '/missing.js', '/books/cover.png']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.text, path).not.toContain('<div id="root">')
    }
    for (const path of ['/books', '/books/new', '/account/profile', '/dashboard', '/zoe-reads']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.text, path).toContain('<div id="root">')
    }
    // A slug no list has: the shell (the app shows its not-found page) answered 404, so a link
    // preview or a search engine is told.
    for (const path of ['/no-such-page', '/no-such-page/']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.text, path).toContain('<div id="root">')
    }
  })

  test('the first paint: the mode in force on a signed-in device, else the system’s (through CSS)', async () => {
    const htmlTag = async (cookie?: string) => /<html[^>]*>/.exec((await get('/books', cookie ? { cookie } : {})).text)?.[0]
    expect(await htmlTag()).toBe('<html lang="en" class="system-dark">')
    expect(await htmlTag('tbr_account=a1; tbr_theme=dark')).toBe('<html lang="en" class="dark">')
    expect(await htmlTag('tbr_account=a1; tbr_theme=light')).toBe('<html lang="en">')
    // Signed out the mode is the system's, whatever was last in force on the device.
    expect(await htmlTag('tbr_theme=dark')).toBe('<html lang="en" class="system-dark">')
    expect(await htmlTag('tbr_account=a1; tbr_theme=bogus')).toBe('<html lang="en" class="system-dark">')
    expect((await get('/books')).headers.get('vary')).toMatch(/cookie/i)
    // The title bar too: one colour per system scheme, or the chosen mode's for both.
    const bars = async (cookie?: string) =>
      [...(await get('/books', cookie ? { cookie } : {})).text.matchAll(/<meta name="theme-color" content="([^"]*)"/g)].map((m) => m[1])
    expect(await bars()).toEqual(['#4338ca', '#020617'])
    expect(await bars('tbr_account=a1; tbr_theme=dark')).toEqual(['#020617', '#020617'])
    expect(await bars('tbr_account=a1; tbr_theme=light')).toEqual(['#4338ca', '#4338ca'])
  })

  test('unknown /api paths stay JSON 404s', async () => {
    const res = await get('/api/nothing')
    expect(res.status).toBe(404)
    expect(JSON.parse(res.text)).toEqual({ message: 'Not found' })
  })
})

describe('injectShareMeta', () => {
  test('escapes every value and adds a title to a shell without one', () => {
    const out = injectShareMeta('<html><head></head><body></body></html>', {
      title: '"><img src=x onerror=alert(1)>',
      description: "a & b's",
      url: 'https://x.test/a"b',
      locale: 'en',
    })
    expect(out).toContain('<title>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</title>')
    expect(out).toContain('content="a &amp; b&#39;s"')
    expect(out).toContain('content="https://x.test/a&quot;b"')
    expect(out).not.toContain('<img')
    expect(out.indexOf('<title>')).toBeLessThan(out.indexOf('</head>'))
  })

  test('escapeHtml', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})
