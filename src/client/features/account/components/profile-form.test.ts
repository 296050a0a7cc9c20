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
const avatarIssue = (avatar: string) =>
  v.safeParse(schema, { ...form, avatar }).issues?.find((i) => i.path?.[0]?.key === 'avatar')?.message

describe('the picture field', () => {
  test('an address typed without its scheme is sent with https://, and the server accepts what is sent', () => {
    const changes = profileChanges(user, v.parse(schema, { ...form, avatar: 'www.example.com/me.png' }), true)
    expect(changes).toEqual({ avatar: 'https://www.example.com/me.png' })
    expect(v.safeParse(UpdateUserInput, changes).success).toBe(true)
  })

  test('another scheme is refused with the server’s message; not an address at all with the url field’s', () => {
    expect(avatarIssue('ftp://files.example.com/me.png')).toBe('validation.avatar.invalid')
    expect(avatarIssue('smtp://mail.example.com')).toBe('validation.avatar.invalid')
    expect(avatarIssue('not a picture')).toBe('global.form.url.error.invalid')
    // The server refuses the same ftp address with the same message id.
    const server = v.safeParse(UpdateUserInput, { avatar: 'ftp://files.example.com/me.png' })
    expect(server.issues?.[0]?.message).toBe('validation.avatar.invalid')
  })

  test('an address with its scheme is sent as typed; emptying the field clears the picture', () => {
    const kept = v.parse(schema, { ...form, avatar: 'http://example.com/me.png' })
    expect(profileChanges(user, kept, true)).toEqual({ avatar: 'http://example.com/me.png' })
    const cleared = v.parse(schema, { ...form, avatar: '' })
    expect(profileChanges({ ...user, avatar: 'https://example.com/me.png' }, cleared, true)).toEqual({ avatar: null })
  })
})
