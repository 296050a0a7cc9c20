import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ACCOUNT_COOKIE, LOCALE_COOKIE } from '~/shared/preference-cookies'
import { PUBLIC_DATA_ID, type PublicPayload, type PublicRenderer } from '~/shared/public-ssr'
import type { Locale } from '~/shared/schemas/common'
import type { AppEnv } from './context'
import { firstPaintTheme, themeAttribute, withHtmlTheme, type FirstPaintTheme } from './first-paint-theme'
import { translate } from './messages'
import { log } from './lib/log'
import { loadPublicAnswer } from './services/views'

// The server-rendered public list /{slug} (decision
// 50): the HTML answer is the whole page, rendered with the page's own components
// (dist/server-render/render.js, built from src/client/public/render.tsx) and hydrated by the
// light entry (src/client/public/main.tsx) from the data embedded beside it. This answer is the
// load that counts a view (the page makes no API call on load).

export interface PublicBuild {
  renderer: PublicRenderer
  /** The light entries' <script> and modulepreloads: the public list's and the signed-out screens'. */
  scripts: { list: string; auth: string | null }
  /** The message ids each light entry uses (null: embed the whole catalogue). */
  ids: { list: string[] | null; auth: string[] | null }
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

const builds = new Map<string, Promise<PublicBuild | null>>()

/** The built renderer and entry of the client in `root`, or null when they were not built. */
export function publicBuild(root: string): Promise<PublicBuild | null> {
  let build = builds.get(root)
  if (!build) {
    build = readBuild(root).catch((error: unknown) => {
      log.error('public page: the server-render build could not be loaded', error)
      return null
    })
    builds.set(root, build)
  }
  return build
}

async function readBuild(root: string): Promise<PublicBuild | null> {
  const renderPath = join(root, '..', 'server-render', 'render.js')
  if (!existsSync(renderPath)) return null
  const list = entryOf(root, 'public', 'public/main.tsx')
  if (!list) return null
  const auth = entryOf(root, 'auth', 'public/auth-main.tsx')
  const renderer = (await import(pathToFileURL(renderPath).href)) as PublicRenderer
  return { renderer, scripts: { list: list.scripts, auth: auth?.scripts ?? null }, ids: { list: list.ids, auth: auth?.ids ?? null } }
}

/** A light entry's <script> and modulepreloads and its message ids, from its own build pass. */
function entryOf(root: string, pass: 'public' | 'auth', key: string): { scripts: string; ids: string[] | null } | null {
  const manifestPath = join(root, '.vite', `${pass}-manifest.json`)
  if (!existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  const entry = manifest[key]
  if (!entry) return null
  const preloads = (entry.imports ?? []).map((chunk) => manifest[chunk]!.file)
  const scripts = [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ')
  const idsPath = join(root, '.vite', `${pass}-messages.json`)
  const ids = existsSync(idsPath) ? (JSON.parse(readFileSync(idsPath, 'utf8')) as string[]) : null
  return { scripts, ids }
}

/** A shared list's title and description for link previews, in `locale`. */
export function shareText(locale: Locale, name: string, books: number) {
  return {
    title: translate(locale, 'public.og.title', { name }),
    description: translate(locale, books === 1 ? 'public.og.description.one' : 'public.og.description.other', { name, count: books }),
  }
}

export interface RenderedPage {
  html: string
  /** The share tags' title and description (static.ts injects them). */
  meta: { title: string; description: string; locale: string }
}

/**
 * The list's whole page, or null for a slug no live list has (the app's shell then shows its
 * 404). Counts the view, except the owner's own loads (the account cookie, as the API skips a
 * bearer of the list's own account).
 */
export async function renderPublicPage(
  c: Context<AppEnv>,
  build: PublicBuild,
  shell: string,
  slug: string,
): Promise<RenderedPage | null> {
  const { deps } = c.var
  const viewer = getCookie(c, ACCOUNT_COOKIE) || undefined
  const answer = await loadPublicAnswer(deps.db, slug, { ownerAccountId: viewer })
  if (!answer) return null
  const { locale, theme } = pagePreferences(c)
  const { books, account } = answer.page
  const payload: PublicPayload = {
    slug,
    locale,
    data: { books, account, affiliate_tag: deps.config.AFFILIATE_TAG },
    session: { signedIn: !!viewer, own: viewer === account.id },
    messages: build.renderer.messagesFor(locale, build.ids.list),
  }
  const markup = build.renderer.renderPublicList(payload)
  const html = pageHtml(shell, { locale, theme, scripts: build.scripts.list, markup, dataId: PUBLIC_DATA_ID, data: payload })
  return { html, meta: { ...shareText(locale, account.owner_name, books.length), locale } }
}

/**
 * The language and mode a rendered page is drawn in: the cookies the client writes beside its own
 * storage (src/shared/preference-cookies.ts), else Accept-Language; the mode of the first paint
 * (decision 52).
 */
export function pagePreferences(c: Context<AppEnv>): { locale: Locale; theme: FirstPaintTheme } {
  const cookieLocale = getCookie(c, LOCALE_COOKIE)
  const locale = cookieLocale === 'en' || cookieLocale === 'es' ? cookieLocale : c.var.locale
  return { locale, theme: firstPaintTheme(c) }
}

/**
 * The app's shell made a rendered page: its language and mode, the app's entry and preloads
 * swapped for a light entry's, the markup in #root and the page's data beside
 * it as `<script type="application/json">` (data, not code: the CSP keeps `script-src 'self'`).
 */
export function pageHtml(
  shell: string,
  page: { locale: Locale; theme: FirstPaintTheme; scripts: string; markup: string; dataId: string; data: unknown },
): string {
  // `<` escaped: a title holding `</script>` cannot end the data early (JSON reads \u003c as <).
  const json = JSON.stringify(page.data).replace(/</g, '\\u003c')
  const theme = themeAttribute(page.theme)
  return withHtmlTheme(shell, page.theme)
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.locale}"`)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    // The app's route preload fetches the app's own chunks for the path: a light page needs none.
    .replace(/\s*<script src="\/assets\/route-preload-[^"]*"><\/script>/g, '')
    .replace(/<\/head>/, () => `  ${page.scripts}\n  </head>`)
    .replace(
      /<div id="root"><\/div>/,
      () => `<div id="root"${theme}>${page.markup}</div>\n    <script type="application/json" id="${page.dataId}">${json}</script>`,
    )
}
