import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { withHttps } from '~/client/ui/form'
import { UpdateUserInput } from '~/shared/schemas/user'
import { profileChanges, profileSchema } from './profile-form'

// The picture field agrees with the server (src/shared/schemas/user.ts): absolute http(s) only.

describe('withHttps', () => {
  test.each([
    ['www.example.com/me.png', 'https://www.example.com/me.png'],
    ['example.com', 'https://example.com'],
    ['  cdn.example.org:8080/a.jpg?s=64  ', 'https://cdn.example.org:8080/a.jpg?s=64'],
    ['http://example.com/me.png', 'http://example.com/me.png'],
    ['HTTPS://Example.com/me.png', 'HTTPS://Example.com/me.png'],
    ['ftp://files.example.com/me.png', 'ftp://files.example.com/me.png'],
    ['', ''],
  ])('%j → %j', (typed, sent) => expect(withHttps(typed)).toBe(sent))
})

const user = {
  name: 'Ada',
  email: 'ada@example.com',
  avatar: null as string | null,
  account_name: 'Ada',
  default_account: null,
}
const form = { name: 'Ada', email: 'ada@example.com', account_name: 'Ada' }
const schema = profileSchema(user.email, true)
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' })

// The picture field: one chosen file is uploaded; "remove" clears the saved one.
describe('the picture field', () => {
  test('a chosen picture is the upload; the other changed fields travel with it', () => {
    const file = png()
    const changes = profileChanges(user, v.parse(schema, { ...form, name: 'Ada L', avatar: [file] }), true)
    expect(changes).toEqual({ fields: { name: 'Ada L' }, picture: file })
    expect(v.safeParse(UpdateUserInput, changes.fields).success).toBe(true)
  })

  test('more than one file is refused on the field (at most one)', () => {
    const issue = v.safeParse(schema, { ...form, avatar: [png(), png()] }).issues?.find((i) => i.path?.[0]?.key === 'avatar')
    expect(issue?.message).toBe('validation.avatar.one_file')
  })

  test('"remove" without a new picture sends avatar: null, which the server takes; nothing chosen changes nothing', () => {
    const saved = { ...user, avatar: '/api/avatar/0b7c7c1e-5a1a-4a57-9d43-0d2f4f1f6a11.webp' }
    const removed = profileChanges(saved, v.parse(schema, { ...form, remove_avatar: true }), true)
    expect(removed).toEqual({ fields: { avatar: null }, picture: undefined })
    expect(v.safeParse(UpdateUserInput, removed.fields).success).toBe(true)
    expect(profileChanges(saved, v.parse(schema, form), true)).toEqual({ fields: {}, picture: undefined })
  })
})
