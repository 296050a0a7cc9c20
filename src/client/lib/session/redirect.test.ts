// @vitest-environment happy-dom
import { beforeEach, describe, expect, test } from 'vitest'
import { pendingRedirect, returnPathFor, safeRedirect } from './redirect'

describe('safeRedirect: same-origin paths only', () => {
  test('a path of this origin is kept with its query and hash', () => {
    expect(safeRedirect('/books/new?title=Dune&url=https%3A%2F%2Fexample.com%2Fdune')).toBe(
      '/books/new?title=Dune&url=https%3A%2F%2Fexample.com%2Fdune',
    )
    expect(safeRedirect('/books')).toBe('/books')
    expect(safeRedirect('/account/profile#email')).toBe('/account/profile#email')
    // A share's text may hold a URL with two slashes inside the query: still a path.
    expect(safeRedirect('/books/new?text=see //evil.com')).toBe('/books/new?text=see%20//evil.com')
  })

  test.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/books/new'],
    ['backslash host', '/\\evil.com'],
    ['backslashes', '\\\\evil.com'],
    ['absolute https', 'https://evil.com/'],
    ['absolute http on this host name', 'http://localhost/books'],
    ['scheme', 'javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative without a slash', 'evil.com'],
    ['a tab browsers drop', '/\t/evil.com'],
    ['a newline browsers drop', '/\n/evil.com'],
    ['a dot segment before a protocol-relative path', '/.//evil.com'],
    ['dot-dot segments before a protocol-relative path', '/a/..//evil.com/x'],
    ['an encoded dot segment', '/%2e//evil.com'],
    ['leading space', ' /books'],
    ['empty', ''],
  ])('rejects %s', (_what, value) => {
    expect(safeRedirect(value)).toBeUndefined()
  })

  test('rejects what is not a string, and overlong values', () => {
    for (const value of [undefined, null, 42, ['/books'], { path: '/books' }]) expect(safeRedirect(value)).toBeUndefined()
    expect(safeRedirect(`/books?q=${'x'.repeat(5000)}`)).toBeUndefined()
  })

  test('the auth screens are not destinations (sign-in would loop)', () => {
    for (const path of ['/', '/signin', '/signin?redirect=/books', '/signup', '/signup/plan', '/magic?token=x', '/forgotpassword', '/resetpassword']) {
      expect(safeRedirect(path), path).toBeUndefined()
    }
    expect(safeRedirect('/signinx')).toBe('/signinx')
  })
})

describe('returnPathFor: what the route guard carries to /signin', () => {
  test('the page asked for, except the dashboard where sign-in leads anyway', () => {
    expect(returnPathFor('/books/new?title=Dune')).toBe('/books/new?title=Dune')
    expect(returnPathFor('/dashboard')).toBeUndefined()
    expect(returnPathFor('/dashboard?x=1')).toBeUndefined()
    expect(returnPathFor('//evil.com')).toBeUndefined()
  })
})

describe('pendingRedirect: the destination waiting for a magic link', () => {
  beforeEach(() => localStorage.clear())

  test('is read once', () => {
    pendingRedirect.set('/books/new?title=Dune', 1_000)
    expect(pendingRedirect.take(2_000)).toBe('/books/new?title=Dune')
    expect(pendingRedirect.take(2_000)).toBeUndefined()
  })

  test('expires with the link (one hour)', () => {
    pendingRedirect.set('/books', 0)
    expect(pendingRedirect.take(60 * 60 * 1000 + 1)).toBeUndefined()
  })

  test('an unsafe value is neither stored nor returned; undefined forgets', () => {
    pendingRedirect.set('//evil.com', 0)
    expect(localStorage.getItem('signin-redirect')).toBeNull()
    localStorage.setItem('signin-redirect', JSON.stringify({ path: 'https://evil.com', at: 0 }))
    expect(pendingRedirect.take(1)).toBeUndefined()
    pendingRedirect.set('/books', 0)
    pendingRedirect.set(undefined, 0)
    expect(pendingRedirect.take(1)).toBeUndefined()
    localStorage.setItem('signin-redirect', 'not json')
    expect(pendingRedirect.take(1)).toBeUndefined()
  })
})
