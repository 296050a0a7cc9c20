import { expect, test } from '@playwright/test'
import { expectAccessible } from './a11y'
import { notifications, readyUser, useToken } from './auth-helpers'

// /help: the support-access switch (PATCH /api/user) and the message form (POST
// /api/utility/mail to SUPPORT_EMAIL, read back from the dev outbox), and both offline.
const SUPPORT_EMAIL = 'support@tbr.local'
const api = (token: string) => ({ authorization: `Bearer ${token}` })

test('support access switch and a message to support', async ({ page, request }) => {
  const { token, email } = await readyUser(request, { name: 'Help Seeker' })
  await useToken(page, token)
  await page.goto('/help')
  await expect(page.locator('main h1')).toHaveText('Help')

  const support = page.getByRole('switch')
  await expect(support).not.toBeChecked()
  await page.getByText('Support access is off').click()
  await expect(support).toBeChecked()
  await expect
    .poll(async () => ((await (await request.get('/api/user', { headers: api(token) })).json()) as { data: { support_enabled: boolean } }).data.support_enabled)
    .toBe(true)

  const form = page.getByRole('form', { name: 'Contact support' })
  await form.locator('button[type="submit"]').click()
  await expect(form.getByText('Please enter a message')).toBeVisible()
  const message = `My shelf is stuck ${Date.now()}`
  await form.locator('textarea[name="message"]').fill(message)
  await form.locator('button[type="submit"]').click()
  await expect(notifications(page)).toContainText('your message has been sent')
  await expect(form.locator('textarea[name="message"]')).toHaveValue('')
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(SUPPORT_EMAIL)}`)
      const mails = ((await res.json()) as { data: { subject: string; text: string }[] }).data
      return mails.find((m) => m.text.includes(message))
    })
    .toMatchObject({ subject: 'Support request from Help Seeker', text: expect.stringContaining(email) })

  // The storage estimate of this device.
  await expect(page.getByTestId('storage-usage')).toContainText(/of/)
  await expect(page.getByTestId('storage-persisted')).toHaveText(/Yes|No/)
})

test('offline, the message form says so and cannot be sent', async ({ page, request, context }) => {
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/help')
  const form = page.getByRole('form', { name: 'Contact support' })
  await expect(form.locator('button[type="submit"]')).toBeEnabled()
  await context.setOffline(true)
  await expect(form.getByText(/offline/)).toBeVisible()
  await expect(form.locator('button[type="submit"]')).toBeDisabled()
  await expect(page.getByRole('switch')).toBeDisabled()
  await context.setOffline(false)
  await expect(form.locator('button[type="submit"]')).toBeEnabled()
})

test('common questions: an accordion the keyboard opens, and a search that ignores case and accents', async ({ page, request }) => {
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/help')
  const questions = page.getByRole('button', { name: /\?$/ })
  await expect(questions).toHaveText([
    'Can I use TBR offline?',
    'How do I install TBR on my home screen?',
    'How do I share my list?',
    'Can I import my books from Goodreads?',
    'What does it cost? How do plans and billing work?',
    'How do I delete my data?',
  ])

  // Keyboard: focus a question, Enter opens its answer, the arrow key moves to the next one.
  const offline = page.getByRole('button', { name: 'Can I use TBR offline?' })
  await offline.focus()
  await expect(offline).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Enter')
  await expect(offline).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(/Your changes sync when you are back online/)).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('button', { name: 'How do I install TBR on my home screen?' })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page.getByText(/tap the Share button, then Add to Home Screen/)).toBeVisible()

  // Import exists (decision 35): the answer says how, and leads to the import screen.
  const search = page.getByRole('searchbox', { name: 'Search the questions' })
  await search.fill('GOODREADS')
  await expect(questions).toHaveText(['Can I import my books from Goodreads?'])
  await questions.first().click()
  await expect(page.getByText(/then choose Import in Books and pick that file/)).toBeVisible()
  await expect(page.getByText(/is coming/)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Import books' })).toHaveAttribute('href', '/books/import')
  // Answers are searched too.
  await search.fill('danger zone')
  await expect(questions).toHaveText(['How do I delete my data?'])
  await search.fill('zzz nothing like this')
  await expect(questions).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'No questions match' })).toBeVisible()
  await search.fill('')
  await expect(questions).toHaveCount(6)
  await expectAccessible(page, '/help with the questions')

  // In Spanish, "conexion" finds "conexión" (accents ignored).
  await page.getByRole('button', { name: /User menu/ }).filter({ visible: true }).click()
  await page.getByRole('menuitem', { name: 'Language' }).hover()
  await page.getByRole('menuitemradio', { name: 'Español' }).click()
  await expect(page.getByRole('heading', { name: 'Preguntas frecuentes' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Buscar en las preguntas' }).fill('SIN CONEXION')
  // The import and plans answers name offline use ("funciona sin conexión", "sincronización
  // sin conexión") too.
  await expect(questions).toHaveText([
    '¿Puedo usar TBR sin conexión?',
    '¿Cómo instalo TBR en mi pantalla de inicio?',
    '¿Puedo importar mis libros de Goodreads?',
    '¿Cuánto cuesta? ¿Cómo funcionan los planes y la facturación?',
  ])
})
