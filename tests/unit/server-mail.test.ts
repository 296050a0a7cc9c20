import { describe, expect, test } from 'vitest'
import { renderMail } from '~/server/services/mail'

// Mail templates: each exists in en and es, carries its one absolute link in
// text and HTML, and escapes what users typed.

const TEMPLATES = ['verify', 'magic', 'reset', 'invite'] as const
const link = 'https://tbr.example/magic?token=abc_DEF-123'

describe('renderMail', () => {
  test.each(TEMPLATES)('%s exists in English and Spanish with its link', (template) => {
    const en = renderMail(template, 'en', { to: 'a@example.com', link, name: 'Ana', account: 'Club', inviter: 'Bo' })
    const es = renderMail(template, 'es', { to: 'a@example.com', link, name: 'Ana', account: 'Club', inviter: 'Bo' })
    for (const mail of [en, es]) {
      expect(mail.to).toBe('a@example.com')
      expect(mail.subject.trim()).not.toBe('')
      expect(mail.subject).not.toMatch(/[{}]/)
      expect(mail.links).toEqual([link])
      expect(mail.text).toContain(link)
      expect(mail.html).toContain(`href="${link}"`)
      expect(mail.text).not.toMatch(/\{\w+\}/)
      expect(mail.html).not.toMatch(/\{\w+\}/)
    }
    expect(es.subject).not.toBe(en.subject)
    expect(es.text).not.toBe(en.text)
    expect(en.html).toContain('lang="en"')
    expect(es.html).toContain('lang="es"')
  })

  test('names the user and the account', () => {
    expect(renderMail('verify', 'en', { to: 'a@example.com', link, name: 'Ana' }).text).toContain('Hi Ana')
    expect(renderMail('magic', 'es', { to: 'a@example.com', link, name: 'Ana' }).text).toContain('Hola Ana')
    const invite = renderMail('invite', 'en', { to: 'a@example.com', link, account: 'Night Readers', inviter: 'Bo' })
    expect(invite.subject).toBe('You have been invited to Night Readers')
    expect(invite.text).toContain('Bo invited you')
  })

  test('escapes HTML in names', () => {
    const mail = renderMail('verify', 'en', { to: 'a@example.com', link, name: '<img src=x onerror=alert(1)>' })
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&lt;img')
  })
})
