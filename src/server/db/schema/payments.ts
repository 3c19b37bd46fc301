// Owned by the payments feature (features/payments): a member's purchases of credit packages, and
// the built-in test gateway's own side of them (what a real provider keeps on its servers).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Currency, PaymentMethod, PaymentStatus } from '../../../shared/contracts/payments.ts';
import { memberKey, memberRef } from './accounts.ts';

/**
 * One purchase of a credit package. Amount and credits are copied from the settings when it starts
 * (a later price change does not touch a payment on its way); `status` only moves forward
 * (payments.service.ts), and the grant of its credits is keyed by the provider's payment id, so a
 * payment grants once whatever the number or order of the provider's notices.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Cascade like the ledger: accounts are erased by clearing their personal data, never by
    // deleting the row, so only the demo reseed removes a member with payments.
    userId: memberRef('user_id'),
    packageId: text('package_id').notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** The method the member chose; a provider may report a more precise one (a card's brand). */
    method: text('method').$type<PaymentMethod>().notNull(),
    provider: text('provider', { enum: ['test', 'mollie'] }).notNull(),
    /** Null only between our insert and the provider's answer, in the same request. */
    providerPaymentId: text('provider_payment_id'),
    status: text('status').$type<PaymentStatus>().notNull().default('open'),
    failureReason: text('failure_reason'),
    /** The member's country when it started: which methods were offered, and for the receipt. */
    country: text('country').notNull(),
    locale: text('locale').notNull(),
    /** For a repeat order (a later slice): the provider's stored mandate and customer. */
    mandateId: text('mandate_id'),
    customerId: text('customer_id'),
    /** `recurring`: charged on a stored mandate with no checkout page (docs/decisions/0033). */
    sequenceType: text('sequence_type', { enum: ['oneoff', 'first', 'recurring'] })
      .notNull()
      .default('oneoff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The last time the status was fetched from the provider (webhook or re-check). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * Money that went back after the payment was paid, as the provider reports it: cumulative
     * amounts, only ever raised (decision 0035). The status stays paid, as at Mollie.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    chargedBackCents: integer('charged_back_cents').notNull().default(0),
    /** When we first saw a refund, a chargeback (the provider's notice; its object carries no date). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    chargedBackAt: timestamp('charged_back_at', { withTimezone: true }),
    /** Credits of the reversed part taken from the balance, and those that were already spent. */
    creditsTakenBack: integer('credits_taken_back').notNull().default(0),
    creditsShortfall: integer('credits_shortfall').notNull().default(0),
    /**
     * The discount applied when it started (docs/decisions/0032): the code as used, its
     * percentage, what it took off and the price before it; `amount_cents` is what is charged.
     */
    discountCode: text('discount_code'),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2, mode: 'number' }),
    discountCents: integer('discount_cents').notNull().default(0),
    originalAmountCents: integer('original_amount_cents'),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.createdAt.desc()),
    // The pending re-check reads only the few payments not yet final.
    index('payments_unsettled_idx').on(t.createdAt).where(sql`${t.status} in ('open', 'pending')`),
    // The reversal watch reads the paid payments of the last 13 months by when they were paid.
    index('payments_paid_watch_idx').on(t.paidAt).where(sql`${t.status} = 'paid'`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_credits_positive', sql`${t.credits} > 0`),
    check(
      'payments_reversed_within_amount',
      sql`${t.refundedCents} >= 0 and ${t.chargedBackCents} >= 0 and ${t.creditsTakenBack} + ${t.creditsShortfall} <= ${t.credits}`,
    ),
    // The back office's list of reversed payments and of members who owe credits.
    index('payments_reversed_idx')
      .on(t.userId)
      .where(sql`${t.refundedCents} > 0 or ${t.chargedBackCents} > 0`),
  ],
);

/**
 * A provider's notice about a payment, kept from its arrival until the payment's status has been
 * fetched from the provider and applied (docs/decisions/0030, addendum): the webhook answers once
 * the notice is stored, the instance that took it applies it at once, and the notices sweep
 * applies what a crash or a provider's hiccup left. One row per notice, never updated, so a storm
 * of notices for one payment never waits on a row lock.
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_notices_payment_idx').on(t.paymentId, t.id),
    index('payment_notices_received_idx').on(t.receivedAt),
  ],
);

/**
 * The test gateway's record of a payment: what a real provider stores on its side. Our payments
 * table only learns of its status by asking (getPayment), exactly as it does with Mollie.
 */
export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  method: text('method').$type<PaymentMethod>().notNull(),
  description: text('description').notNull(),
  locale: text('locale').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  status: text('status').$type<PaymentStatus>().notNull().default('open'),
  failureReason: text('failure_reason'),
  /** "Paid later": pending until then, paid from then on. */
  paidLaterAt: timestamp('paid_later_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** The operator's refunds and the buyer's bank's chargebacks, cumulative (test-gateway admin). */
  refundedCents: integer('refunded_cents').notNull().default(0),
  chargedBackCents: integer('charged_back_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Stored mandates (docs/decisions/0033): the customer, and `first` makes a mandate when paid. */
  customerId: text('customer_id'),
  /** The mandate it charges (recurring), or the one its first payment left. */
  mandateId: text('mandate_id'),
  sequenceType: text('sequence_type', { enum: ['oneoff', 'first', 'recurring'] })
    .notNull()
    .default('oneoff'),
  /** What a pending payment becomes at paidLaterAt (a recurring charge on a failing mandate: failed). */
  settlesAs: text('settles_as', { enum: ['paid', 'failed'] }),
});

/**
 * Members who may no longer pay by direct debit: after a reversal or chargeback (a debit the bank
 * took back), or by the back office. One row per member; the direct-debit form refuses them with
 * 'Your account is blocked for direct debit payments.' (features/payments/direct-debit/direct-debit-blocks.ts).
 */
export const directDebitBlocks = pgTable('direct_debit_blocks', {
  userId: memberKey('user_id'),
  reason: text('reason', { enum: ['reversal', 'back_office'] }).notNull(),
  /** The payment that was reversed, when a reversal caused it. */
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  /** The back office's words, for the next operator. */
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
