// A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js), served by the stripe-mode e2e
// spec in place of the real script, which cannot be fetched here. It implements the part the app
// calls: Stripe(key), elements() with the card element (mount, on/off 'change', update, destroy),
// createPaymentMethod, confirmCardPayment and confirmCardSetup, against https://api.stripe.com as
// the real one does (the spec routes that host to the local server speaking Stripe's wire format).
// The card is typed into the element, sent only to Stripe, and the app receives a PaymentMethod.
// Where the bank asks for 3-D Secure, a challenge stands in for the bank's page: "Complete" or
// "Fail" (as on Stripe's own test page). As Stripe.js, it words its errors in the locale given to
// Stripe(key, { locale }) (the card element's in that of elements({ locale }), if given), and in
// the browser's language when none is given ('auto'); the bank's test page stays English.
;(function () {
  const API = 'https://api.stripe.com/v1'

  const TEXTS = {
    en: {
      invalid_number: 'Your card number is invalid.',
      invalid_expiry: "Your card's expiration date is invalid.",
      incomplete_number: 'Your card number is incomplete.',
      authentication_failure:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    },
    es: {
      invalid_number: 'El número de tu tarjeta no es válido.',
      invalid_expiry: 'La fecha de caducidad de tu tarjeta no es válida.',
      incomplete_number: 'El número de tu tarjeta está incompleto.',
      authentication_failure:
        'No podemos autenticar tu método de pago. Elige otro método de pago e inténtalo de nuevo.',
    },
  }
  /** Stripe.js's locale for an option: 'auto' (or none) is the browser's language; English otherwise. */
  function localeOf(option) {
    const tag = !option || option === 'auto' ? navigator.language : option
    const base = String(tag).toLowerCase().split('-')[0]
    return TEXTS[base] ? base : 'en'
  }

  function luhn(digits) {
    let sum = 0
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i])
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
      sum += d
    }
    return digits.length >= 13 && sum % 10 === 0
  }

  function cardState(parts, texts) {
    const number = parts.number.replace(/\D/g, '')
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(parts.expiry.trim())
    const cvc = /^\d{3,4}$/.test(parts.cvc)
    const empty = !number && !parts.expiry && !parts.cvc
    let error
    if (number.length >= 16 && !luhn(number)) error = texts.invalid_number
    else if (expiry && (Number(expiry[1]) < 1 || Number(expiry[1]) > 12)) error = texts.invalid_expiry
    const complete = !error && luhn(number) && !!expiry && cvc
    return {
      elementType: 'card',
      empty,
      complete,
      brand: number.startsWith('4') ? 'visa' : 'unknown',
      error: error ? { type: 'validation_error', code: 'invalid_number', message: error } : undefined,
      value: { postalCode: '' },
      details: complete
        ? { number, exp_month: Number(expiry[1]), exp_year: 2000 + Number(expiry[2]), cvc: parts.cvc }
        : null,
    }
  }

  function createCardElement(texts) {
    const listeners = {}
    const parts = { number: '', expiry: '', cvc: '' }
    let root = null
    const emit = (event, payload) => (listeners[event] || []).forEach((cb) => cb(payload))
    const input = (part, label, placeholder, autocomplete) => {
      const el = document.createElement('input')
      el.setAttribute('aria-label', label)
      el.setAttribute('placeholder', placeholder)
      el.setAttribute('autocomplete', autocomplete)
      el.setAttribute('inputmode', 'numeric')
      el.dataset.stripeStandIn = part
      el.style.cssText =
        'border:0;background:transparent;color:inherit;font:inherit;min-width:0;flex:' + (part === 'number' ? '3' : '1')
      el.addEventListener('input', () => {
        parts[part] = el.value
        const state = cardState(parts, texts)
        delete state.details
        emit('change', state)
      })
      el.addEventListener('focus', () => emit('focus', { elementType: 'card' }))
      el.addEventListener('blur', () => emit('blur', { elementType: 'card' }))
      return el
    }
    return {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target
        root = document.createElement('div')
        root.className = 'StripeElement'
        root.style.cssText = 'display:flex;gap:8px;width:100%'
        root.append(
          input('number', 'Card number', '1234 1234 1234 1234', 'cc-number'),
          input('expiry', 'Expiration date MM / YY', 'MM / YY', 'cc-exp'),
          input('cvc', 'CVC', 'CVC', 'cc-csc'),
        )
        host.appendChild(root)
        setTimeout(() => emit('ready', { elementType: 'card' }))
      },
      on(event, cb) {
        ;(listeners[event] = listeners[event] || []).push(cb)
        return this
      },
      off(event, cb) {
        listeners[event] = (listeners[event] || []).filter((x) => x !== cb)
        return this
      },
      update() {},
      focus() {
        root?.querySelector('input')?.focus()
      },
      blur() {},
      clear() {},
      unmount() {
        root?.remove()
        root = null
      },
      destroy() {
        this.unmount()
      },
      _details: () => cardState(parts, texts).details,
    }
  }

  /** Stripe's API as Stripe.js calls it: form-encoded, the publishable key as `key`. */
  async function call(key, method, path, params) {
    const body = new URLSearchParams({ ...params, key })
    const res =
      method === 'GET'
        ? await fetch(`${API}${path}?${body}`)
        : await fetch(`${API}${path}`, {
            method,
            body,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
    const json = await res.json()
    return res.ok ? { ok: json } : { error: json.error }
  }

  /** The bank's 3-D Secure page: the reader completes or fails the authentication. */
  function challenge() {
    return new Promise((resolve) => {
      const overlay = document.createElement('div')
      overlay.setAttribute('role', 'dialog')
      overlay.setAttribute('aria-modal', 'true')
      overlay.setAttribute('aria-label', '3D Secure 2 Test Page')
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;display:grid;place-items:center;background:rgba(0,0,0,.5);pointer-events:auto'
      const box = document.createElement('div')
      box.style.cssText =
        'background:#fff;color:#111;padding:24px;border-radius:8px;display:grid;gap:12px;font:16px sans-serif'
      box.append('3D Secure 2 Test Page')
      for (const [label, ok] of [
        ['Complete', true],
        ['Fail', false],
      ]) {
        const button = document.createElement('button')
        button.type = 'button'
        button.textContent = label
        button.addEventListener('click', () => {
          overlay.remove()
          resolve(ok)
        })
        box.append(button)
      }
      overlay.append(box)
      document.body.append(overlay)
    })
  }

  /** confirmCard{Payment,Setup}: the intent by its client secret, 3-D Secure when it asks. */
  async function confirm(key, texts, resource, clientSecret, field) {
    const path = `/${resource}/${clientSecret.split('_secret_')[0]}`
    let { ok: intent, error } = await call(key, 'GET', path, { client_secret: clientSecret })
    if (error) return { error }
    if (intent.status === 'requires_action') {
      const passed = await challenge()
      ;({ ok: intent, error } = await call(key, 'POST', `${path}/authenticate`, {
        client_secret: clientSecret,
        outcome: passed ? 'succeed' : 'fail',
      }))
      if (error) return { error }
    }
    if (intent.status === 'succeeded' || intent.status === 'processing') return { [field]: intent }
    const kind = field.replace(/I/, '_i')
    return {
      error: {
        type: 'card_error',
        code: `${kind}_authentication_failure`,
        message: texts.authentication_failure,
        [kind]: intent,
      },
    }
  }

  window.Stripe = function Stripe(key, options) {
    const locale = localeOf(options && options.locale)
    const texts = TEXTS[locale]
    const created = {}
    let elementsTexts = texts
    const elements = {
      create(type) {
        if (type !== 'card') throw new Error(`stand-in Stripe.js: only the card element, not ${type}`)
        return (created.card = createCardElement(elementsTexts))
      },
      getElement(type) {
        return created[typeof type === 'string' ? type : type && type.__elementType] || null
      },
      update() {},
    }
    return {
      elements(elementsOptions) {
        if (elementsOptions && elementsOptions.locale) elementsTexts = TEXTS[localeOf(elementsOptions.locale)]
        return elements
      },
      registerAppInfo() {},
      _registerWrapper() {},
      async createToken() {
        return { error: { type: 'invalid_request_error', message: 'createToken is not part of the stand-in' } }
      },
      async createPaymentMethod(options) {
        const details = options.card && options.card._details()
        if (!details) return { error: { type: 'validation_error', code: 'incomplete_number', message: texts.incomplete_number } }
        const { ok, error } = await call(key, 'POST', '/payment_methods', {
          type: 'card',
          'card[number]': details.number,
          'card[exp_month]': String(details.exp_month),
          'card[exp_year]': String(details.exp_year),
          'card[cvc]': details.cvc,
        })
        return error ? { error } : { paymentMethod: ok }
      },
      confirmCardPayment: (clientSecret) => confirm(key, texts, 'payment_intents', clientSecret, 'paymentIntent'),
      confirmCardSetup: (clientSecret) => confirm(key, texts, 'setup_intents', clientSecret, 'setupIntent'),
      handleNextAction: ({ clientSecret }) => confirm(key, texts, 'payment_intents', clientSecret, 'paymentIntent'),
    }
  }
})()
