import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { getData } from './http'
import { useOnline } from './use-online'

// One public address for a list everywhere it is shown (the dashboard's card, /welcome,
// /account/url and the slug field's prefix): the server's APP_URL, the base the mails and the
// share tags use, read from GET /api/url and remembered on this device so the same address shows
// offline. Before it was ever read (a first visit offline) this page's own origin stands in.

const KEY = 'public-base'

export const publicBaseQuery = () =>
  queryOptions({
    queryKey: ['url', 'base'],
    queryFn: async ({ signal }) => (await getData<{ base: string }>('url', { signal })).base,
    staleTime: Infinity,
  })

function remembered(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

/** The absolute address of the public list `slug` under `base` (the public route /{slug}). */
export const publicListUrl = (base: string, slug: string) => `${base}/${encodeURIComponent(slug)}`

/** `base` without its scheme, as the slug field's prefix shows it ("tbr.example/"). */
export const displayBase = (base: string) => base.replace(/^https?:\/\//, '')

/** Where public lists live: APP_URL when known (remembered offline), else this origin. */
export function usePublicBase(): string {
  const online = useOnline()
  const { data } = useQuery({ ...publicBaseQuery(), enabled: online })
  useEffect(() => {
    if (!data) return
    try {
      localStorage.setItem(KEY, data)
    } catch {
      // Storage refused (private mode): the query's answer still serves this visit.
    }
  }, [data])
  return data ?? remembered() ?? window.location.origin
}

/** `(slug) => absolute public address`, from the one base above. */
export function usePublicUrl(): (slug: string) => string {
  const base = usePublicBase()
  return (slug) => publicListUrl(base, slug)
}
