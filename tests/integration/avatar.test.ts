import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from '~/shared/schemas/user'
import { startTestServer, type TestServer } from './harness'

// Avatar upload on /account/profile (at most one file; decision 46):
// multipart PATCH /api/user checks the picture by its content and size, stores it as a square
// WebP without metadata and serves it at an immutable URL; nobody reaches another's picture.

let s: TestServer
let ada: Awaited<ReturnType<TestServer['signUp']>>
let bob: Awaited<ReturnType<TestServer['signUp']>>

beforeAll(async () => {
  s = await startTestServer()
  ada = await s.signUp({ name: 'Ada' })
  bob = await s.signUp({ name: 'Bob' })
})
afterAll(() => s.close())

/** A real picture of the given format, wider than tall (the crop must make it square). */
const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })[format]().toBuffer()

type Part = [name: string, value: string | { bytes: Uint8Array; filename: string; type: string }]

/** PATCH /api/user as a browser form sends it (multipart/form-data). */
async function upload(token: string | undefined, parts: Part[], lang?: string) {
  const form = new FormData()
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new File([value.bytes as Uint8Array<ArrayBuffer>], value.filename, { type: value.type }))
  }
  const res = await s.app.request('/api/user', {
    method: 'PATCH',
    body: form,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lang ? { 'accept-language': lang } : {}) },
  })
  return { status: res.status, body: (await res.json()) as any }
}

const file = (bytes: Uint8Array, filename = 'me.png', type = 'image/png'): Part => ['avatar', { bytes, filename, type }]

async function served(url: string) {
  const res = await s.app.request(url)
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe('uploading', () => {
  test.each(['png', 'jpeg', 'webp', 'gif'] as const)(`a %s becomes a ${AVATAR_SIZE} px square WebP at an immutable URL`, async (format) => {
    const res = await upload(ada.token, [file(await picture(format), `me.${format}`, `image/${format}`)])
    expect(res.status).toBe(200)
    const url: string = res.body.data.avatar
    expect(url).toMatch(/^\/api\/avatar\/[0-9a-f-]{36}\.webp$/)
    const got = await served(url)
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('image/webp')
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(got.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', AVATAR_SIZE, AVATAR_SIZE])
  })

  test('the type comes from the content: a PNG named .gif and declared text/plain is taken', async () => {
    const res = await upload(ada.token, [file(await picture('png'), 'notes.gif', 'text/plain')])
    expect(res.status).toBe(200)
  })

  test('an animated GIF keeps its first frame; the camera metadata is dropped', async () => {
    const frames = [[255, 0, 0], [0, 0, 255]].map((rgb) =>
      sharp({ create: { width: 300, height: 300, channels: 3, background: { r: rgb[0]!, g: rgb[1]!, b: rgb[2]! } } }).png().toBuffer(),
    )
    const gif = await sharp(await Promise.all(frames), { join: { animated: true } }).gif().toBuffer()
    expect((await sharp(gif).metadata()).pages).toBe(2)
    const res = await upload(ada.token, [file(gif, 'anim.gif', 'image/gif')])
    expect(res.status).toBe(200)
    const { data, info } = await sharp((await served(res.body.data.avatar)).bytes).raw().toBuffer({ resolveWithObject: true })
    expect(info.pages ?? 1).toBe(1)
    expect([data[0]! > 200, data[2]! < 50]).toEqual([true, true]) // red: the first frame

    const withExif = await sharp(await picture('jpeg'))
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Ada at home' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(withExif).metadata()).exif).toBeDefined()
    const res2 = await upload(ada.token, [file(withExif, 'photo.jpg', 'image/jpeg')])
    const stored = (await served(res2.body.data.avatar)).bytes
    expect((await sharp(stored).metadata()).exif).toBeUndefined()
    expect(Buffer.from(stored).includes('SecretCam')).toBe(false)
  })

  test('other fields travel in the same form, and GET /api/user answers the new picture', async () => {
    const res = await upload(bob.token, [['name', 'Bob Builder'], ['dark_mode', 'true'], file(await picture('png'))])
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: 'Bob Builder', dark_mode: true })
    const me = await s.api('GET', '/api/user', { token: bob.token })
    expect(me.body.data.avatar).toBe(res.body.data.avatar)
  })
})

describe('refusing a bad file, on the avatar field, changing nothing', () => {
  const refused = async (parts: Part[], message: RegExp, lang?: string) => {
    const before = (await s.api('GET', '/api/user', { token: ada.token })).body.data
    const res = await upload(ada.token, [['name', 'Should Not Save'], ...parts], lang)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: expect.stringMatching(message), inputError: 'avatar' })
    const after = (await s.api('GET', '/api/user', { token: ada.token })).body.data
    expect([after.name, after.avatar]).toEqual([before.name, before.avatar])
  }

  test('not an image, whatever its name and declared type: text, SVG, PDF, an empty file', async () => {
    const notImage = /JPEG, PNG, WebP or GIF/
    await refused([file(new TextEncoder().encode('hello, I am text'), 'me.png', 'image/png')], notImage)
    await refused([file(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.svg', 'image/svg+xml')], notImage)
    await refused([file(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ'), 'me.jpg', 'image/jpeg')], notImage)
    await refused([file(new Uint8Array(0), 'empty.png', 'image/png')], notImage)
    await refused([file(new TextEncoder().encode('texto'), 'yo.png', 'image/png')], /JPEG, PNG, WebP o GIF/, 'es')
  })

  test('a damaged or cut-off image', async () => {
    const png = await picture('png')
    const garbage = new Uint8Array(png.length)
    garbage.set(png.subarray(0, 16))
    for (let i = 16; i < garbage.length; i++) garbage[i] = (i * 7919) % 251
    await refused([file(garbage)], /could not be read/)
    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg().toBuffer()
    await refused([file(jpeg.subarray(0, jpeg.length >> 1), 'cut.jpg', 'image/jpeg')], /could not be read/)
  })

  test(`larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB: just over the limit, and far over it`, async () => {
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1)
    big.set(await picture('png'))
    await refused([file(big)], /at most 5 MB/)
    await refused([file(new Uint8Array(AVATAR_MAX_BYTES * 3))], /at most 5 MB/)
  })

  test('more than one file', async () => {
    const png = await picture('png')
    await refused([file(png), file(png)], /only one picture/)
  })

  test('a file in another field is refused on that field', async () => {
    const res = await upload(ada.token, [['name', { bytes: await picture('png'), filename: 'n.png', type: 'image/png' }]])
    expect(res).toMatchObject({ status: 400, body: { inputError: 'name' } })
  })

  test('without a session: 401, and nothing is stored', async () => {
    const res = await upload(undefined, [file(await picture('png'))])
    expect(res.status).toBe(401)
  })
})

describe('whose picture', () => {
  test("an upload replaces only the caller's own picture; another's stays served", async () => {
    const adaUrl = (await upload(ada.token, [file(await picture('png'))])).body.data.avatar
    const adaBytes = (await served(adaUrl)).bytes
    const bobFirst = (await upload(bob.token, [file(await picture('jpeg'), 'b.jpg', 'image/jpeg')])).body.data.avatar
    const bobSecond = (await upload(bob.token, [file(await picture('webp'), 'b.webp', 'image/webp')])).body.data.avatar
    expect(bobSecond).not.toBe(bobFirst)
    // The replaced picture is gone; Ada's is untouched.
    expect((await served(bobFirst)).status).toBe(404)
    expect((await s.api('GET', '/api/user', { token: ada.token })).body.data.avatar).toBe(adaUrl)
    expect((await served(adaUrl)).bytes).toEqual(adaBytes)

    // Pointing one's own avatar at Ada's URL and then removing it deletes nothing of Ada's.
    expect((await s.api('PATCH', '/api/user', { token: bob.token, body: { avatar: `http://localhost:3000${adaUrl}` } })).status).toBe(200)
    expect((await s.api('PATCH', '/api/user', { token: bob.token, body: { avatar: null } })).status).toBe(200)
    expect((await served(adaUrl)).status).toBe(200)
    expect((await served(bobSecond)).status).toBe(404)
  })

  test('removing with JSON avatar "" or null clears it and deletes the stored picture', async () => {
    for (const empty of ['', null]) {
      const url = (await upload(ada.token, [file(await picture('png'))])).body.data.avatar
      const res = await s.api('PATCH', '/api/user', { token: ada.token, body: { avatar: empty } })
      expect(res.status).toBe(200)
      expect(res.body.data.avatar).toBeNull()
      expect((await served(url)).status).toBe(404)
    }
  })

  test('an unknown or malformed avatar URL is a JSON 404', async () => {
    for (const path of ['/api/avatar/00000000-0000-0000-0000-000000000000.webp', '/api/avatar/x.webp', '/api/avatar/%00']) {
      const res = await s.app.request(path)
      expect([path, res.status]).toEqual([path, path.endsWith('%00') ? 400 : 404])
    }
  })
})

test('a user may upload AVATAR_UPLOAD_LIMIT pictures per 15 minutes; then 429 with Retry-After, the avatar unchanged', async () => {
  const limited = await startTestServer({ AVATAR_UPLOAD_LIMIT: '2' })
  try {
    const cy = await limited.signUp({ name: 'Cy' })
    const send = async () => {
      const form = new FormData()
      form.append('avatar', new File([(await picture('png')) as Uint8Array<ArrayBuffer>], 'me.png', { type: 'image/png' }))
      const res = await limited.app.request('/api/user', { method: 'PATCH', body: form, headers: { authorization: `Bearer ${cy.token}` } })
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any }
    }
    expect((await send()).status).toBe(200)
    const kept = (await send()).body.data.avatar
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(refused.body.message).toMatch(/minute/)
    expect((await limited.api('GET', '/api/user', { token: cy.token })).body.data.avatar).toBe(kept)
    // Other changes are not uploads: the name still changes.
    expect((await limited.api('PATCH', '/api/user', { token: cy.token, body: { name: 'Cy Two' } })).status).toBe(200)
  } finally {
    await limited.close()
  }
})
