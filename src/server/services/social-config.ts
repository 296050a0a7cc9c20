import * as v from 'valibot'

// Social sign-in providers come from configuration, one OpenID Connect client
// for all of them (configured, not coded per provider). SOCIAL_PROVIDERS is a
// JSON array; a preset id fills in the issuer and the button's name. GitHub's own sign-in is
// OAuth without OpenID Connect (no id_token, no discovery), so it is not a preset: any provider
// that publishes /.well-known/openid-configuration works as a custom entry.

export const SOCIAL_PRESETS: Record<string, { name: string; issuer: string }> = {
  google: { name: 'Google', issuer: 'https://accounts.google.com' },
  gitlab: { name: 'GitLab', issuer: 'https://gitlab.com' },
  microsoft: {
    name: 'Microsoft',
    issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
  },
}

const Entry = v.object({
  /** Appears in URLs (/api/auth/social/<id>, /signin/social?provider=<id>). */
  id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,30}$/, 'id must be 1–31 lower-case letters, digits or -')),
  name: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(40))),
  issuer: v.optional(v.pipe(v.string(), v.url('issuer must be an absolute URL'))),
  client_id: v.pipe(v.string(), v.nonEmpty('client_id is required')),
  client_secret: v.pipe(v.string(), v.nonEmpty('client_secret is required')),
  scope: v.optional(v.string(), 'openid email profile'),
})

export interface SocialProvider {
  id: string
  name: string
  issuer: string
  clientId: string
  clientSecret: string
  scope: string
}

/** Reads SOCIAL_PROVIDERS; throws one line naming the problem (config.ts reports it). */
export function loadSocialProviders(raw: string | undefined, production: boolean): SocialProvider[] {
  if (!raw) return []
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw new Error('Invalid environment variable SOCIAL_PROVIDERS: not valid JSON')
  }
  const parsed = v.safeParse(v.array(Entry), json)
  if (!parsed.success) throw new Error(`Invalid environment variable SOCIAL_PROVIDERS: ${parsed.issues[0].message}`)
  const seen = new Set<string>()
  return parsed.output.map((e) => {
    const preset = SOCIAL_PRESETS[e.id]
    const issuer = e.issuer ?? preset?.issuer
    if (!issuer)
      throw new Error(`Invalid environment variable SOCIAL_PROVIDERS: ${e.id} needs an issuer (no preset has that id)`)
    // Tokens travel in the clear over http: only a local test provider may use it.
    if (production && new URL(issuer).protocol !== 'https:') {
      throw new Error(`Invalid environment variable SOCIAL_PROVIDERS: ${e.id}'s issuer must be https in production`)
    }
    if (seen.has(e.id)) throw new Error(`Invalid environment variable SOCIAL_PROVIDERS: ${e.id} appears twice`)
    seen.add(e.id)
    return {
      id: e.id,
      name: e.name ?? preset?.name ?? e.id,
      issuer,
      clientId: e.client_id,
      clientSecret: e.client_secret,
      scope: e.scope,
    }
  })
}
