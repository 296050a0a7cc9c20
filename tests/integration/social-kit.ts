import { testSocialProviders } from '../fixtures/oidc/client'
import { startOidcProvider } from '../fixtures/oidc/provider'
import { startTestServer, type TestServer } from './harness'

// A browser for the social sign-in flow: follows redirects between the app (in-process, at
// APP_URL) and the provider (a real HTTP server), keeps each side's cookies, and fills in the
// provider's own login and consent forms.

const APP = 'http://localhost:3000'

export async function socialServer() {
  const provider = await startOidcProvider({ redirectUris: [`${APP}/api/auth/social/acme/callback`] })
  const s = await startTestServer({
    SOCIAL_PROVIDERS: testSocialProviders(provider.issuer),
  })
  return { s, provider }
}

export class Browser {
  private jar = new Map<string, Map<string, string>>()
  constructor(private s: TestServer) {}

  private cookies(url: URL) {
    const jar = this.jar.get(url.host)
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : ''
  }

  private keep(url: URL, headers: Headers) {
    let jar = this.jar.get(url.host)
    if (!jar) this.jar.set(url.host, (jar = new Map()))
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
  }

  /** One request, no redirect following; the app's URLs go to the in-process app. */
  async request(href: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const url = new URL(href, APP)
    const headers: Record<string, string> = { cookie: this.cookies(url) }
    let body: string | undefined
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    }
    const method = init.method ?? 'GET'
    const res =
      url.origin === APP
        ? await this.s.app.request(url.pathname + url.search, { method, headers, body })
        : await fetch(url, { method, headers, body, redirect: 'manual' })
    this.keep(url, res.headers)
    const location = res.headers.get('location')
    return { url, status: res.status, location: location ? new URL(location, url).href : null, text: await res.text() }
  }

  /** Follows redirects from `href`; answers the last URL and its page. */
  async go(href: string, init: { method?: string; form?: Record<string, string> } = {}) {
    let res = await this.request(href, init)
    for (let hops = 0; res.location && hops < 20; hops++) res = await this.request(res.location)
    return res
  }

  /** Signs in at the provider as `login` and stops before the app's callback: answers its URL. */
  async callbackFor(login: string): Promise<string> {
    const loginPage = await this.go('/api/auth/social/acme')
    let res = await this.request(loginPage.url.href, {
      method: 'POST',
      form: { prompt: 'login', login, password: 'any' },
    })
    for (let hops = 0; hops < 20; hops++) {
      if (res.location?.includes('/callback?')) return res.location
      res = res.location
        ? await this.request(res.location)
        : await this.request(res.url.href, { method: 'POST', form: { prompt: 'consent' } })
    }
    throw new Error('the provider never redirected to the callback')
  }

  /** Starts at the app's button and signs in at the provider as `login`: answers where the app landed. */
  async socialSignIn(login: string, opts: { consent?: boolean; abort?: boolean } = {}) {
    const loginPage = await this.go('/api/auth/social/acme')
    if (opts.abort) return this.go(`${loginPage.url.href}/abort`)
    let page = await this.go(loginPage.url.href, { method: 'POST', form: { prompt: 'login', login, password: 'any' } })
    if (page.url.pathname.startsWith('/interaction/') && opts.consent !== false) {
      page = await this.go(page.url.href, { method: 'POST', form: { prompt: 'consent' } })
    }
    return page
  }
}

/** The /signin/social URL a flow ended on: its provider, token and error. */
export function landing(page: { url: URL }) {
  const q = page.url.searchParams
  return { path: page.url.pathname, provider: q.get('provider'), token: q.get('token'), error: q.get('error') }
}
