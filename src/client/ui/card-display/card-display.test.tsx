// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, expect, test } from 'vitest'
import { CardDisplay } from '.'

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(cleanup)
const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

test('brand, masked number ending in the last four, MM/YY expiry and masked CVV', () => {
  render(<CardDisplay.Root brand="visa" last4="4242" expMonth={4} expYear={2031} />, { wrapper })
  const card = screen.getByRole('region', { name: 'Payment card' })
  expect(within(card).getByText('Visa')).toBeTruthy()
  expect(within(card).getByText('•••• •••• •••• 4242')).toBeTruthy()
  expect(within(card).getByText('Card number ending in 4242')).toBeTruthy()
  expect(within(card).getByText('04/31')).toBeTruthy()
  expect(within(card).getByText('•••')).toBeTruthy()
  expect(within(card).getByText('Expires')).toBeTruthy()
  expect(within(card).getByText('CVV')).toBeTruthy()
})

test('the full number is never shown even when more digits are passed', () => {
  render(<CardDisplay.Root brand="mastercard" last4="5555555555554444" expMonth={12} expYear={29} />, { wrapper })
  expect(screen.getByText('•••• •••• •••• 4444')).toBeTruthy()
  expect(screen.queryByText(/5555/)).toBeNull()
  expect(screen.getByText('Mastercard')).toBeTruthy()
  expect(screen.getByText('12/29')).toBeTruthy()
})

test('unknown brands are shown as given; a missing brand reads "Card"', () => {
  render(<CardDisplay.Root brand="Elo" last4="1234" expMonth={1} expYear={2030} />, { wrapper })
  expect(screen.getByText('Elo')).toBeTruthy()
  cleanup()
  render(<CardDisplay.Root brand={null} last4="1234" expMonth={1} expYear={2030} />, { wrapper })
  expect(screen.getByText('Card')).toBeTruthy()
})

test('the visual bullets are hidden from assistive technology', () => {
  render(<CardDisplay.Root brand="amex" last4="0005" expMonth={9} expYear={2027} />, { wrapper })
  expect(screen.getByText('•••• •••• •••• 0005').getAttribute('aria-hidden')).toBe('true')
  expect(screen.getByText('•••').getAttribute('aria-hidden')).toBe('true')
  expect(screen.getByText('American Express')).toBeTruthy()
})

test('formatters', () => {
  expect(CardDisplay.maskCardNumber('4242')).toBe('•••• •••• •••• 4242')
  expect(CardDisplay.formatExpiry(1, 2030)).toBe('01/30')
  expect(CardDisplay.formatExpiry(11, 5)).toBe('11/05')
  expect(CardDisplay.formatExpiry(13, 2030)).toBe('')
  expect(CardDisplay.formatExpiry(0, 2030)).toBe('')
  expect(CardDisplay.brandName('VISA')).toBe('Visa')
  expect(CardDisplay.brandName('nope')).toBeNull()
})
