import * as v from 'valibot'
import { CloseAccountInput } from '../schemas/account'
import { EventInput } from '../schemas/auth'
import { ChangePlanInput, DevCardInput, DevStatusInput, DevClockInput, PayPlanInput, UpdateCardInput, CardTokenInput, ConfirmPaymentInput } from '../schemas/billing'
import { SlugInput } from '../schemas/common'
import { FeedbackInput } from '../schemas/feedback'
import { NotificationInput } from '../schemas/notification'
import { UtilityMailInput } from '../schemas/utility'
import { PublicSlug } from '../schemas/common'
import { HealthAnswer } from './answers'
import { ID, IDEMPOTENCY } from './params'
import type { ApiCall } from './types'

// The account: billing (owners), its public URL, notifications, closing it; and the small
// service calls. None is open to a support session except reading.

const PAID = [402, 409, 422] as const

export const ACCOUNT_CALLS: ApiCall[] = [
  {
    method: 'DELETE', path: '/api/account', tag: 'Account', who: 'user', stepUp: true,
    summary: /*i18n*/ { id: 'api.summary.DELETE /api/account', message: 'Close the account (an owner) or leave it (anyone else)' },
    input: { body: CloseAccountInput }, statuses: [429],
  },
  { method: 'GET', path: '/api/account/plans', tag: 'Billing', who: 'user', support: true, summary: /*i18n*/ { id: 'api.summary.GET /api/account/plans', message: 'The plans, and the account’s own' } },
  {
    method: 'POST', path: '/api/account/plan', tag: 'Billing', who: 'owner',
    summary: /*i18n*/ { id: 'api.summary.POST /api/account/plan', message: 'Choose a plan and pay for it' },
    input: { body: PayPlanInput, headers: IDEMPOTENCY }, statuses: PAID,
  },
  {
    method: 'PATCH', path: '/api/account/plan', tag: 'Billing', who: 'owner',
    summary: /*i18n*/ { id: 'api.summary.PATCH /api/account/plan', message: 'Change the plan with the card on file' },
    input: { body: ChangePlanInput, headers: IDEMPOTENCY }, statuses: PAID,
  },
  {
    method: 'POST', path: '/api/account/upgrade', tag: 'Billing', who: 'owner',
    summary: /*i18n*/ { id: 'api.summary.POST /api/account/upgrade', message: 'Upgrade, paying the difference now' },
    input: { body: PayPlanInput, headers: IDEMPOTENCY }, statuses: PAID,
  },
  { method: 'GET', path: '/api/account/subscription', tag: 'Billing', who: 'owner', summary: /*i18n*/ { id: 'api.summary.GET /api/account/subscription', message: 'The subscription' } },
  { method: 'GET', path: '/api/account/card', tag: 'Billing', who: 'owner', summary: /*i18n*/ { id: 'api.summary.GET /api/account/card', message: 'The card on file' } },
  {
    method: 'PATCH', path: '/api/account/card', tag: 'Billing', who: 'owner',
    summary: /*i18n*/ { id: 'api.summary.PATCH /api/account/card', message: 'Replace the card on file' },
    input: { body: UpdateCardInput, headers: IDEMPOTENCY }, statuses: PAID,
  },
  { method: 'GET', path: '/api/account/invoice', tag: 'Billing', who: 'owner', summary: /*i18n*/ { id: 'api.summary.GET /api/account/invoice', message: 'The invoices, newest first' } },
  {
    method: 'GET', path: '/api/account/invoice/{id}/pdf', tag: 'Billing', who: 'owner',
    summary: /*i18n*/ { id: 'api.summary.GET /api/account/invoice/{id}/pdf', message: 'An invoice as a PDF' }, produces: 'application/pdf',
    input: { params: ID },
  },
  {
    method: 'POST', path: '/api/payment/local/token', tag: 'Billing', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/payment/local/token', message: 'The test payment provider: a card token' }, input: { body: CardTokenInput }, statuses: [404, 429],
  },
  {
    method: 'POST', path: '/api/payment/local/confirm', tag: 'Billing', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/payment/local/confirm', message: 'The test payment provider: a 3-D Secure answer' }, input: { body: ConfirmPaymentInput }, statuses: [404, 429],
  },
  {
    method: 'POST', path: '/api/payment/stripe/webhook', tag: 'Billing', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/payment/stripe/webhook', message: 'Stripe’s events (signed)' },
    input: { headers: { 'Stripe-Signature': { schema: v.string(), description: /*i18n*/ { id: 'api.param.stripe_signature', message: 'Stripe’s signature of the raw body' } } } },
    statuses: [404],
  },
  { method: 'GET', path: '/api/url', tag: 'Account', who: 'user', support: true, summary: /*i18n*/ { id: 'api.summary.GET /api/url', message: 'The public list’s custom URL' } },
  {
    method: 'GET', path: '/api/url/check', tag: 'Account', who: 'user', support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/url/check', message: 'Is this custom URL free?' },
    input: { query: { slug: { schema: PublicSlug, description: /*i18n*/ { id: 'api.param.slug_to_check', message: 'The custom URL to check' }, required: true } } },
  },
  { method: 'PATCH', path: '/api/url', tag: 'Account', who: 'admin', summary: /*i18n*/ { id: 'api.summary.PATCH /api/url', message: 'Set the custom URL (owner or admin)' }, input: { body: SlugInput } },
  { method: 'GET', path: '/api/notification', tag: 'Account', who: 'user', summary: /*i18n*/ { id: 'api.summary.GET /api/notification', message: 'The mail notification settings' } },
  {
    method: 'PATCH', path: '/api/notification', tag: 'Account', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.PATCH /api/notification', message: 'Change mail notification settings' }, input: { body: NotificationInput },
  },
  { method: 'POST', path: '/api/event', tag: 'Service', who: 'user', summary: /*i18n*/ { id: 'api.summary.POST /api/event', message: 'Record a usage event' }, input: { body: EventInput } },
  { method: 'POST', path: '/api/feedback', tag: 'Service', who: 'user', summary: /*i18n*/ { id: 'api.summary.POST /api/feedback', message: 'Send feedback' }, input: { body: FeedbackInput } },
  {
    method: 'POST', path: '/api/utility/mail', tag: 'Service', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.POST /api/utility/mail', message: 'Write to support' }, input: { body: UtilityMailInput }, statuses: [429],
  },
  { method: 'GET', path: '/api/health', tag: 'Service', who: 'none', support: true, summary: /*i18n*/ { id: 'api.summary.GET /api/health', message: 'Is the service up?' }, answer: HealthAnswer },
  { method: 'GET', path: '/api/openapi.json', tag: 'Service', who: 'none', support: true, summary: /*i18n*/ { id: 'api.summary.GET /api/openapi.json', message: 'This document' } },
  {
    method: 'GET', path: '/api/docs', tag: 'Service', who: 'none', support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/docs', message: 'The API reference page' }, produces: 'redirect', status: 302,
  },
  {
    method: 'GET', path: '/api/avatar/{file}', tag: 'Public', who: 'none', support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/avatar/{file}', message: 'An avatar picture' }, produces: 'image/webp',
    input: { params: { file: { schema: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}\.webp$/)), description: /*i18n*/ { id: 'api.param.avatar_file', message: 'The picture’s file name' } } } },
  },
  {
    method: 'GET', path: '/api/dev/outbox', tag: 'Development', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.GET /api/dev/outbox', message: 'Development only: the mails sent to an address' },
    input: { query: { to: { schema: v.pipe(v.string(), v.minLength(1)), description: /*i18n*/ { id: 'api.param.mail_to', message: 'The address' }, required: true } } },
    statuses: [404],
  },
  {
    method: 'POST', path: '/api/dev/clock', tag: 'Development', who: 'owner',
    summary: /*i18n*/ { id: 'api.summary.POST /api/dev/clock', message: 'Development only: move the billing clock' }, input: { body: DevClockInput }, statuses: [404],
  },
  {
    method: 'POST', path: '/api/dev/card', tag: 'Development', who: 'owner',
    summary: /*i18n*/ { id: 'api.summary.POST /api/dev/card', message: 'Development only: how the card on file behaves next' }, input: { body: DevCardInput }, statuses: [404],
  },
  {
    method: 'POST', path: '/api/dev/status', tag: 'Development', who: 'owner',
    summary: /*i18n*/ { id: 'api.summary.POST /api/dev/status', message: 'Development only: put the paid subscription in a status' }, input: { body: DevStatusInput }, statuses: [404],
  },
]
