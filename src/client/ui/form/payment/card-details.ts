import { luhnValid } from '../rules'

// The local provider's card input, as pure functions (tested without a browser). Only the local
// test-mode provider sees these parts, and only to turn them into a token.

export interface CardDetails {
  number: string
  exp_month: number
  exp_year: number
  cvc: string
}

export interface CardParts {
  number: string
  expiry: string
  cvc: string
}

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(input: string) {
  return input
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** 'MM/YY' → month and four-digit year, or null; the card must not have expired. */
export function parseExpiry(input: string, now = new Date()): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.trim())
  if (!match) return null
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return null
  const endOfMonth = new Date(Date.UTC(year, month, 1))
  return endOfMonth > now ? { month, year } : null
}

export function formatExpiry(input: string) {
  const digits = input.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** The card's details when all three parts are valid, else null. */
export function cardDetails(parts: CardParts, now = new Date()): CardDetails | null {
  const expiry = parseExpiry(parts.expiry, now)
  if (!luhnValid(parts.number) || !expiry || !/^\d{3,4}$/.test(parts.cvc)) return null
  return { number: parts.number.replace(/\s+/g, ''), exp_month: expiry.month, exp_year: expiry.year, cvc: parts.cvc }
}

/** The catalog id of the first part in error, or undefined. */
export function partError(part: keyof CardParts, parts: CardParts, now = new Date()): string | undefined {
  if (part === 'number' && !luhnValid(parts.number)) return 'global.form.creditcard.error.invalid'
  if (part === 'expiry' && !parseExpiry(parts.expiry, now)) return 'global.form.creditcard.error.expiry'
  if (part === 'cvc' && !/^\d{3,4}$/.test(parts.cvc)) return 'global.form.creditcard.error.cvc'
  return undefined
}
