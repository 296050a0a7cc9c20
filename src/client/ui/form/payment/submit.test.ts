import { describe, expect, test } from 'vitest'
import { CardFieldError, paymentAction, withCardTokens } from './submit'
import { CardError } from './types'

// Forms and payment: a filled card field ({}) is sent as the provider's
// token, an empty one as null; a payment action is read from `data` or the response itself.
describe('withCardTokens', () => {
  test('a filled card becomes its token; an empty one stays null; other values are kept', async () => {
    const fields = new Map([['token', async () => 'tok_123']])
    expect(await withCardTokens({ plan: 'club', token: {} }, fields)).toEqual({ plan: 'club', token: 'tok_123' })
    expect(await withCardTokens({ plan: 'free', token: null }, fields)).toEqual({ plan: 'free', token: null })
  })

  test("a card the provider refuses is that field's error", async () => {
    const fields = new Map([
      [
        'token',
        async (): Promise<string> => {
          throw new CardError('Your card number is not accepted')
        },
      ],
    ])
    const error = await withCardTokens({ token: {} }, fields).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CardFieldError)
    expect(error).toMatchObject({ field: 'token', message: 'Your card number is not accepted' })
  })
})

describe('paymentAction', () => {
  test('reads requires_payment_action + client_secret from data or the response', () => {
    expect(paymentAction({ data: { requires_payment_action: true, client_secret: 'pi_1_secret_x' } })).toBe(
      'pi_1_secret_x',
    )
    expect(paymentAction({ requires_payment_action: true, client_secret: 'pi_2_secret_y' })).toBe('pi_2_secret_y')
    expect(paymentAction({ data: { plan: 'club' }, message: 'Done' })).toBeNull()
    expect(paymentAction({ data: { requires_payment_action: true } })).toBeNull()
  })
})
