import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { CardData, InvoiceData, SubscriptionData, SubscriptionStatus } from '~/shared/schemas/billing'
import type { Db, Tx } from '../../db/client'
import { accounts, billingAccounts, invoices, memberships, paymentMethods, users } from '../../db/schema'
import type { Plan } from '../plans'

// The account's billing record (db/schema.ts billing_accounts) and its answers.
// Every query here is keyed by the caller's account id: the one place billing's tenant scope lives.

export type BillingRow = typeof billingAccounts.$inferSelect
export type InvoiceRow = typeof invoices.$inferSelect
export type CardRow = typeof paymentMethods.$inferSelect

const DAY = 86_400_000

export async function readBilling(db: Db | Tx, accountId: string): Promise<BillingRow | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId))
  return row ?? null
}

/** The account's billing row, created when missing, locked for this transaction: billing calls of one account run one at a time. */
export async function lockBilling(tx: Tx, accountId: string, provider: string): Promise<BillingRow> {
  await tx.insert(billingAccounts).values({ accountId, provider }).onConflictDoNothing()
  const [row] = await tx.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId)).for('update')
  return row!
}

export async function updateBilling(db: Db | Tx, accountId: string, set: Partial<typeof billingAccounts.$inferInsert>) {
  const [row] = await db
    .update(billingAccounts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(billingAccounts.accountId, accountId))
    .returning()
  return row!
}

/** The account's billing time: now, moved forward by the dev clock (POST /api/dev/clock). */
export const clockNow = (row: Pick<BillingRow, 'clockOffsetDays'> | null) => new Date(Date.now() + (row?.clockOffsetDays ?? 0) * DAY)

/** The plan and status the session, the route guard and the capability checks read (accounts row). */
export async function setAccountPlan(db: Db | Tx, accountId: string, plan: string, status: SubscriptionStatus | 'active') {
  await db.update(accounts).set({ plan, subscriptionStatus: status }).where(eq(accounts.id, accountId))
}

/** The account's owner (who pays, and whom members are told to ask), or null. */
export async function accountOwner(db: Db | Tx, accountId: string) {
  const [row] = await db
    .select({ user: users, accountName: accounts.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'owner')))
    .limit(1)
  return row ?? null
}

/** Seats of a per-seat plan: the account's members. */
export async function memberCount(db: Db | Tx, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.accountId, accountId))
  return Math.max(1, Number(row?.n ?? 1))
}

export const seatsFor = async (db: Db | Tx, accountId: string, plan: Plan) => (plan.per_seat ? memberCount(db, accountId) : 1)

/** One billing period later, in UTC; a month from the 31st ends on the last day of a shorter month. */
export function addInterval(from: Date, interval: string | null): Date {
  const d = new Date(from)
  if (interval === 'year') {
    d.setUTCFullYear(d.getUTCFullYear() + 1)
    return d
  }
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + 1)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

/** GET /api/account/subscription: status null and no object on the free plan. */
export function subscriptionData(row: BillingRow | null, plans: Plan[]): SubscriptionData {
  const plan = plans.find((p) => p.id === row?.plan)
  if (!row?.status || !plan || plan.price === 0 || !row.currentPeriodStart || !row.currentPeriodEnd) return { status: null, object: null }
  return {
    status: row.status as SubscriptionStatus,
    object: {
      plan: plan.id,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      pending_plan: row.pendingPlan ?? null,
      current_period_start: row.currentPeriodStart.toISOString(),
      current_period_end: row.currentPeriodEnd.toISOString(),
      seats: row.seats,
      seat_price: row.seatPrice,
      currency: row.currency,
      currency_symbol: plan.currency_symbol,
      interval: (plan.interval ?? 'month') as 'month' | 'year',
    },
  }
}

/** A period's charge in minor units: the plan's seat price times its seats. */
export const periodTotal = (seatPrice: number, seats: number) => seatPrice * seats

/**
 * What a move to a dearer plan charges now, in minor units, as Stripe prorates: the unused rest
 * of the period on the old price is credited and the same rest on the new price is charged, so
 * the difference of the two totals times the share of the period still to run.
 */
export function proratedCharge(row: BillingRow, newTotal: number, now: Date): number {
  if (!row.currentPeriodStart || !row.currentPeriodEnd) return 0
  const length = row.currentPeriodEnd.getTime() - row.currentPeriodStart.getTime()
  const left = Math.min(Math.max(row.currentPeriodEnd.getTime() - now.getTime(), 0), length)
  return Math.max(0, Math.round(((newTotal - periodTotal(row.seatPrice, row.seats)) * left) / (length || 1)))
}

export function cardData(row: CardRow): CardData {
  return { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear }
}

/** The account's current card, or null. */
export async function currentCard(db: Db | Tx, row: BillingRow | null): Promise<CardRow | null> {
  if (!row?.paymentMethodId) return null
  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, row.paymentMethodId), eq(paymentMethods.accountId, row.accountId)))
  return card ?? null
}

export function invoiceData(row: InvoiceRow, symbolOf: (currency: string) => string): InvoiceData {
  return {
    id: row.id,
    number: row.number,
    date: row.issuedAt.toISOString(),
    status: row.status as InvoiceData['status'],
    total: row.total / 100,
    currency: row.currency,
    currency_symbol: symbolOf(row.currency),
    invoice_pdf: `/api/account/invoice/${encodeURIComponent(row.id)}/pdf`,
  }
}

export function listInvoices(db: Db, accountId: string) {
  return db.select().from(invoices).where(eq(invoices.accountId, accountId)).orderBy(desc(invoices.issuedAt), desc(invoices.number))
}

export async function findInvoice(db: Db, accountId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.accountId, accountId), eq(invoices.id, id)))
  return row ?? null
}

/** The account's unpaid invoice (a failed renewal), newest first. */
export async function openInvoice(db: Db | Tx, accountId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.status, 'open'), isNull(invoices.paidAt)))
    .orderBy(desc(invoices.issuedAt))
    .limit(1)
  return row ?? null
}

/** Local invoice numbers read like Stripe's: a per-customer prefix and a sequence (ABCD1234-0001). */
export async function nextInvoiceNumber(tx: Tx, accountId: string, customerId: string): Promise<string> {
  const [row] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.accountId, accountId))
  const prefix = customerId.replace(/^cus_/, '').replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toUpperCase()
  return `${prefix}-${String(Number(row?.n ?? 0) + 1).padStart(4, '0')}`
}
