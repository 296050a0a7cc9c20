// The card display: brand, a masked number ending in the last four digits, expiry
// and a masked CVV. Only brand/last4/expiry are ever stored, so nothing else exists
// to show.

export const MASK = '••••'
export const MASKED_CVV = '•••'

/** `•••• •••• •••• 4242`. Keeps only the last four digits of whatever it is given. */
export function maskCardNumber(last4: string): string {
  const digits = last4.replace(/\D/g, '').slice(-4)
  return `${MASK} ${MASK} ${MASK} ${digits}`
}

/** `MM/YY` from a month (1–12) and a two- or four-digit year; '' when either is unusable. */
export function formatExpiry(month: number, year: number): string {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0) return ''
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
}

// Brand ids as payment providers send them (Stripe and the local provider use these).
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'american express': 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}

/** The display name of a brand id, or null when unknown (the caller shows a generic word). */
export function brandName(brand: string | null | undefined): string | null {
  if (!brand) return null
  return BRAND_NAMES[brand.trim().toLowerCase()] ?? null
}
