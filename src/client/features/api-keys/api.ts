import { queryOptions } from '@tanstack/react-query'
import { getData, http, send, toApiError } from '~/client/lib/http'
import type { OpenApiDocument } from './reference/model'
import type { ApiKeyView, CreateKeyInput, CreatedApiKey, KeyScopeOption, UpdateKeyInput } from '~/shared/schemas/key'

// The key calls. Online only: read through TanStack Query,
// never stored in Dexie, and nothing is queued offline.

export const keysQuery = () =>
  queryOptions({ queryKey: ['key'], queryFn: ({ signal }) => getData<ApiKeyView[]>('key', { signal }) })

/** null when there is no such key of this account: the screen goes to /404, not the
 *  central handler's not-found page. */
export const keyQuery = (id: string) =>
  queryOptions({
    queryKey: ['key', id],
    queryFn: async ({ signal }): Promise<ApiKeyView | null> => {
      try {
        return await getData<ApiKeyView>(`key/${encodeURIComponent(id)}`, { signal })
      } catch (error) {
        if ((await toApiError(error))?.status === 404) return null
        throw error
      }
    },
  })

export const scopesQuery = () =>
  queryOptions({
    queryKey: ['key', 'scopes'],
    queryFn: ({ signal }) => getData<KeyScopeOption[]>('key/scopes', { signal }),
    staleTime: Infinity,
  })

export const createKey = (input: CreateKeyInput) => send<CreatedApiKey>('post', 'key', input)

export const updateKey = (id: string, input: UpdateKeyInput) =>
  send<ApiKeyView>('patch', `key/${encodeURIComponent(id)}`, input)

export const deleteKeys = (ids: string[]) => send<{ deleted: number }>('delete', 'key', { id: ids })

/** The API's OpenAPI document (a public call), read by the reference page. */
export const openApiQuery = () =>
  queryOptions({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => http.get('openapi.json', { signal }).json<OpenApiDocument>(),
    staleTime: Infinity,
  })

/** The API reference page (reference/reference-page.tsx); GET /api/docs redirects here. */
export const API_DOCS_URL = '/account/apikeys/docs'
