import { expect, test } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { useToken } from './auth-helpers'
import { payingOwner } from './billing-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// The API reference (decision 41) works with no way out to the internet (it is the app's own
// screen, rendering GET /api/openapi.json; no CDN script), and shows every documented call with
// its method, path, scope, body fields, an answer example and a curl call.

type Doc = { paths: Record<string, Record<string, { summary: string; 'x-scope'?: string }>> }

test('the API reference shows every documented call with the network outside our origin blocked', async ({
  page,
  context,
  request,
}) => {
  // About a hundred calls, three checks each: on a machine shared with other runs that takes
  // longer than the default minute.
  test.setTimeout(180_000)
  const origin = new URL(baseURL).origin
  const outside: string[] = []
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (new URL(url).origin === origin) return route.continue()
    outside.push(url)
    return route.abort('internetdisconnected')
  })
  const { token } = await payingOwner(request, 'club')
  await useToken(page, token)
  const doc: Doc = await (await request.get('/api/openapi.json')).json()

  // /api/docs leads to the page; the keys screen links to it too.
  await page.goto('/api/docs')
  await expect(page).toHaveURL(/\/account\/apikeys\/docs$/)
  await expect(page.getByRole('heading', { name: /^TBR API/ })).toBeVisible()

  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, ...op })),
  )
  expect(ops.length).toBeGreaterThanOrEqual(14)
  for (const op of ops) {
    const card = page.getByRole('region', { name: op.summary, exact: true })
    await expect(card.getByTestId('operation-signature'), `${op.method} ${op.path}`).toHaveText(
      `${op.method} ${op.path}`,
    )
    await expect(card).toContainText(op['x-scope'] ? `Scope: ${op['x-scope']}` : 'API keys cannot make this call')
    await expect(card).toContainText(`curl ${op.method === 'GET' ? '' : `-X ${op.method} `}'${origin}/api/`)
  }

  // One call in full: its body fields with their rules, the answer example and a curl call
  // with the key and a body.
  const add = page.getByRole('region', { name: 'Add a book', exact: true })
  await expect(add.getByRole('listitem').filter({ hasText: /^title/ })).toContainText('1 to 300 characters')
  await expect(add).toContainText('Answer 201')
  await expect(add).toContainText('"title": "Piranesi"')
  await expect(add).toContainText(`-H "Authorization: Bearer $TBR_KEY"`)
  await expect(add).toContainText(`-d '{"title":"Piranesi"}'`)
  const keyCall = page.getByRole('region', { name: 'Create a key', exact: true })
  await expect(keyCall).toContainText('each one of: books.read, books.write, account.read')

  // The contents link to each call.
  await page.getByRole('navigation', { name: 'Calls' }).getByRole('link', { name: 'Delete keys (bulk)' }).click()
  await expect(page).toHaveURL(/#delete-api-key$/)

  await page.goto('/account/apikeys')
  await page.getByRole('link', { name: 'API reference' }).click()
  await expect(page.getByRole('region', { name: 'Add a book', exact: true })).toBeVisible()
  expect(outside).toEqual([])
})

test('under the Spanish interface the page speaks Spanish: its title, contents, groups and each call’s parts', async ({
  page,
  request,
}) => {
  const { token } = await payingOwner(request, 'club')
  expect(
    (
      await request.patch('/api/user', { headers: { authorization: `Bearer ${token}` }, data: { locale: 'es' } })
    ).status(),
  ).toBe(200)
  await useToken(page, token)
  await page.goto('/account/apikeys/docs')
  await expect(page).toHaveTitle(/Referencia de la API/)
  await expect(page.getByRole('navigation', { name: 'Llamadas' })).toBeVisible()
  // The groups of calls are named in Spanish, as the calls' parts are.
  await expect(page.getByRole('heading', { level: 2, name: 'Libros', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Inicio de sesión', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Books', exact: true })).toHaveCount(0)
  const add = page.getByRole('region', { name: 'Añadir un libro', exact: true })
  await expect(add).toContainText('Cuerpo de la petición (JSON)')
  await expect(add).toContainText('de 1 a 300 caracteres')
  await expect(add).toContainText('Respuesta 201')
  await expect(add).not.toContainText('Request body')
  // What the table of calls says is Spanish too (the document stays English, for tools): the
  // introduction, each call's summary and description, and each parameter's description.
  await expect(page.getByText(/^Automatiza tu lista de pendientes de leer/)).toBeVisible()
  await expect(add).toContainText('Envía { title, author?, … } o { link } (una URL de una tienda).')
  await expect(add.getByRole('listitem').filter({ hasText: /^Idempotency-Key/ })).toContainText(
    'Hace seguro un reintento: repetir la llamada no cambia nada',
  )
  // The body's fields and rules are described in Spanish as well.
  await expect(add.getByRole('listitem').filter({ hasText: /^isbn/ })).toContainText(
    'Un ISBN-10 o ISBN-13 con dígito de control válido; se ignoran guiones y espacios.',
  )
  await expect(add.getByRole('listitem').filter({ hasText: /^title/ })).toContainText('la longitud cuenta unidades UTF-16')
  await expect(add).toContainText('finished_at no es anterior a started_at (el mismo día vale).')
  await expect(add).not.toContainText('hyphens and spaces are ignored')
  await expect(add).not.toContainText('the same day is fine')
  const list = page.getByRole('region', { name: 'Listar los libros, o los cambios desde un cursor', exact: true })
  await expect(list.getByRole('listitem').filter({ hasText: /^since/ })).toContainText(
    'Un cursor de una respuesta anterior (un número entero)',
  )
  for (const summary of ['Crear una clave', 'Iniciar sesión con correo y contraseña', 'Una lista pública'])
    await expect(page.getByRole('region', { name: summary, exact: true })).toBeVisible()
  const calls = page.getByRole('navigation', { name: 'Llamadas' })
  await expect(calls.getByRole('link', { name: 'Eliminar claves (en bloque)', exact: true })).toBeVisible()
  // No call keeps its English summary, in the contents or as a section's name.
  const doc: Doc = await (await request.get('/api/openapi.json')).json()
  expect(doc.paths['/api/books']!.post!.summary).toBe('Add a book')
  expect(JSON.stringify(doc.paths['/api/books']!.post)).toContain('hyphens and spaces are ignored')
  for (const summary of [
    'Add a book',
    'Create a key',
    'Sign in with email and password',
    'List books, or the changes since a cursor',
  ]) {
    await expect(page.getByRole('region', { name: summary, exact: true })).toHaveCount(0)
    await expect(calls.getByRole('link', { name: summary, exact: true })).toHaveCount(0)
  }
})
