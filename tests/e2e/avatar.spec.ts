import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { notifications, readyUser, useToken } from './auth-helpers'
import { auth } from './books-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// Avatar upload (decision 46): one picture chosen on the profile shows in the user menu, on the
// public list and in the team table; a file that is not a picture is a message on the field.

/** The picture element inside `scope` has loaded from an uploaded avatar URL. */
async function expectAvatar(scope: ReturnType<Page['locator']>) {
  const img = scope.locator('img[src^="/api/avatar/"]')
  await expect(img).toHaveAttribute('src', /^\/api\/avatar\/[0-9a-f-]{36}\.webp$/)
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(256)
}

test('a picture chosen on the profile shows in the user menu, the public list and the team table; a bad file is refused on its field', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Pia Picture' })
  const slug = `pia-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  expect((await request.patch('/api/url', { data: { slug }, headers: auth(token) })).status()).toBe(200)
  await useToken(page, token)
  await page.goto('/account/profile')
  const form = page.getByRole('form', { name: 'Profile' })
  const input = form.locator('input[type="file"][name="avatar"]')

  // Declared as text: refused on the device, before any upload.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(form.getByText('The picture must be a JPEG, PNG, WebP or GIF image')).toBeVisible()

  // Named and declared as a PNG but not one: the server reads the content and refuses it there.
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') })
  await expect(form.getByText('The picture must be a JPEG, PNG, WebP or GIF image')).toBeHidden()
  await expect(form.getByText('fake.png')).toBeVisible()
  await form.locator('button[type="submit"]').click()
  await expect(form.getByText('The picture must be a JPEG, PNG, WebP or GIF image')).toBeVisible()
  await form.getByRole('button', { name: 'Remove fake.png' }).click()
  await expect(form.getByText('fake.png')).toBeHidden()

  // A real picture: previewed, then saved.
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2b6cb0' } }).png().toBuffer()
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await expect(form.getByRole('img', { name: 'Preview of me.png' })).toBeVisible()
  await form.locator('button[type="submit"]').click()
  await expect(notifications(page)).toContainText('Your profile has been updated')

  await expectAvatar(page.getByRole('button', { name: 'User menu' }))
  await page.goto(`/${slug}`)
  await expectAvatar(page.locator('main'))
  await page.goto('/account/users')
  await expectAvatar(page.getByRole('row').filter({ hasText: 'Pia Picture' }))
})
