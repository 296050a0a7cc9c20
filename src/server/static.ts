import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { AuthScreen } from '~/shared/public-ssr'
import type { AppEnv } from './context'
import { firstPaintTheme, withHtmlTheme } from './first-paint-theme'
import { escapeHtml } from './lib/html'
import { log } from './lib/log'
import { authScreenAt, renderAuthPage, wantsTheApp } from './auth-page'
import { publicBuild, renderPublicPage, shareText, type RenderedPage } from './public-page'
import { publicSummary } from './services/views'
import { isReservedSlug } from '~/shared/schemas/common'

/**
 * Serves the built client from `root`: hashed assets cached for a year, the service worker and
 * HTML never cached, and every other GET answered with the SPA shell (the router shows /404).
 * The shell for a shared link `/{slug}` carries the list's title and Open Graph / Twitter tags,
 * so link previews name the owner (its title shows the owner's name).
 * Text files go out compressed: the build writes .br/.gz twins (src/tools/precompress.ts) and
 * the shell is compressed per answer (it is small, and a shared link's shell differs).
 */
export function serveClient(root: string) {
  return (app: Hono<AppEnv>) => {
    const indexPath = join(root, 'index.html')
    app.use(
      '/assets/*',
      withCacheControl(root, () => 'public, max-age=31536000, immutable'),
    )
    const files = withCacheControl(root, (file) => (/\.(html|webmanifest)$|sw\.js$/.test(file) ? 'no-cache' : undefined))
    // `/` is a signed-out screen, rendered below, not the built index.html.
    app.use('*', (c, next) => (c.req.path === '/' ? next() : files(c, next)))
    app.get('*', async (c) => {
      // A file that is not there (an old build's chunk, a typo) is a 404, never the shell: a
      // script tag or the service worker would otherwise take HTML for JavaScript. App paths
      // never end in a file extension (slugs and ids have no dots).
      if (c.req.path.startsWith('/assets/') || FILE_LIKE.test(c.req.path)) return c.text('Not found', 404)
      if (!existsSync(indexPath)) return c.text('The client is not built: run npm run build', 503)
      c.header('Cache-Control', 'no-cache')
      // The first paint's display mode (decision 52): the answer varies with the cookies.
      const html = withHtmlTheme(readFileSync(indexPath, 'utf8'), firstPaintTheme(c))
      const screen = authScreenAt(c.req.path)
      if (screen) return authAnswer(c, root, html, screen)
      const slug = /^\/([^/]+)\/?$/.exec(c.req.path)?.[1]
      // The app's own top-level routes are reserved words, never a reader's slug.
      if (!slug || isReservedSlug(slug)) return htmlAnswer(c, html)
      // The title and description follow Accept-Language (and the page its language cookie); a
      // cache must not mix them up.
      c.header('Vary', 'Accept-Language, Cookie')
      const build = await publicBuild(root)
      if (!build) {
        const shared = await withShareMeta(c, html, slug)
        return shared === NO_LIST ? htmlAnswer(c, html, 404) : htmlAnswer(c, shared)
      }
      // The whole list, rendered here; an unknown slug gets the shell's 404.
      let page: RenderedPage | null
      try {
        page = await renderPublicPage(c, build, html, slug)
      } catch (error) {
        log.error('public page: rendering failed', error)
        return htmlAnswer(c, html)
      }
      // No live list by that name (never was, changed, closed): the shell with status 404, so a
      // link preview or a search engine is told, and the app shows its not-found page.
      if (!page) return htmlAnswer(c, html, 404)
      const url = `${c.var.deps.appUrl}/${slug}`
      return htmlAnswer(c, injectShareMeta(page.html, { ...page.meta, url }))
    })
  }
}

/** A signed-out screen, rendered here; the app's shell when it cannot be. */
async function authAnswer(c: Context<AppEnv>, root: string, shell: string, screen: AuthScreen) {
  // In the language of the cookie or Accept-Language, and the account cookie decides `/`.
  c.header('Vary', 'Accept-Language, Cookie')
  const build = wantsTheApp(c, screen) ? null : await publicBuild(root)
  if (!build) return htmlAnswer(c, shell)
  try {
    const page = renderAuthPage(c, build, shell, screen)
    if (!page) return htmlAnswer(c, shell)
    const title = `<title>${escapeHtml(page.title ?? 'TBR')}</title>`
    return htmlAnswer(c, page.title ? page.html.replace(/<title>[\s\S]*?<\/title>/i, () => title) : page.html)
  } catch (error) {
    log.error('auth page: rendering failed', error)
    return htmlAnswer(c, shell)
  }
}

const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]{1,12}$/

/**
 * serveStatic answering files under `root` with the Cache-Control `rule` picks for the file it
 * served. (Its onFound hook runs after the response exists, so a header set there is lost.)
 */
function withCacheControl(root: string, rule: (file: string) => string | undefined): MiddlewareHandler<AppEnv> {
  const served = new WeakMap<object, string>()
  const files = serveStatic<AppEnv>({ root, precompressed: true, onFound: (file, c) => void served.set(c, file) })
  return async (c, next) => {
    const res = await files(c, next)
    // The rule is about the file asked for, not its compressed twin (sw.js, not sw.js.br).
    const file = served.get(c)?.replace(/\.(br|gz|zst)$/, '')
    const value = file === undefined ? undefined : rule(file)
    if (res instanceof Response && value) res.headers.set('Cache-Control', value)
    return res
  }
}

/** The HTML shell, Brotli- or gzip-compressed when the browser accepts it. */
function htmlAnswer(c: Context<AppEnv>, html: string, status: 200 | 404 = 200) {
  c.header('Vary', 'Accept-Encoding, Cookie', { append: true })
  const accepted = (c.req.header('accept-encoding') ?? '').split(',').map((e) => e.trim().split(';')[0])
  if (accepted.includes('br')) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    return c.body(new Uint8Array(body), status, { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Encoding': 'br' })
  }
  if (accepted.includes('gzip')) {
    const body = gzipSync(html)
    return c.body(new Uint8Array(body), status, { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Encoding': 'gzip' })
  }
  return c.html(html, status)
}

const NO_LIST = Symbol('no list by that slug')

/**
 * The shell with a shared list's tags in its <head>, or NO_LIST for a slug no live list has
 * (the client shows its 404); any database trouble gets the plain shell. Reads only: the page's
 * own API call counts the view.
 */
async function withShareMeta(c: Context<AppEnv>, html: string, slug: string): Promise<string | typeof NO_LIST> {
  const { deps, locale } = c.var
  let list: Awaited<ReturnType<typeof publicSummary>>
  try {
    list = await publicSummary(deps.db, slug)
  } catch {
    return html
  }
  if (!list) return NO_LIST
  const { title, description } = shareText(locale, list.owner_name, list.books)
  return injectShareMeta(html, { title, description, url: `${deps.appUrl}/${encodeURIComponent(list.slug)}`, locale })
}

/** Replaces the shell's <title> and adds the share tags before </head>; values are escaped. */
export function injectShareMeta(
  html: string,
  meta: { title: string; description: string; url: string; locale: string },
): string {
  const e = escapeHtml
  const tags = [
    `<meta name="description" content="${e(meta.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(meta.description)}">`,
    `<meta property="og:url" content="${e(meta.url)}">`,
    `<meta property="og:locale" content="${meta.locale === 'es' ? 'es_ES' : 'en_US'}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${e(meta.title)}">`,
    `<meta name="twitter:description" content="${e(meta.description)}">`,
  ].join('\n    ')
  const title = `<title>${e(meta.title)}</title>`
  // Functions as replacements, so a `$&` in a name is not a replacement pattern.
  let out = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}\n  </head>`)
  // Drop the shell's own description so crawlers see one.
  out = out.replace(/\s*<meta\s+name="description"[^>]*>/i, '')
  return out.replace(/<\/head>/i, () => `  ${tags}\n  </head>`)
}
