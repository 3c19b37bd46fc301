// Owned by the discounts feature (features/discounts): discount codes and who used which on which
// payment (docs/decisions/0032).
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { DiscountKind, DiscountValidity } from '../../../shared/contracts/discounts.ts';
import type { Currency, PaymentMethod } from '../../../shared/contracts/payments.ts';
import { memberRef, users } from './accounts.ts';
import { identityId } from './columns.ts';
import { payments } from './payments.ts';

/**
 * A discount code with the spec's fields. `expired` is not a column: it is `expires` compared
 * with now when a code is answered (a stored flag would need a job to keep it true).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: identityId(),
    /** Stored in upper case; members may type it in any case. */
    code: text('code').notNull(),
    kind: text('kind').$type<DiscountKind>().notNull().default('code'),
    /** Only for members living in this country (ISO 3166-1 alpha-2); null: anywhere. */
    country: text('country'),
    /** Only for this member; null: anyone. Another member is told the code does not exist. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true }),
    valuePercentage: numeric('value_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Only for payments in this currency; also the currency of `minimum_order_value`. */
    currency: text('currency').$type<Currency>(),
    /** The smallest package price (cents, in `currency`) the code applies to; null: any. */
    minimumOrderValue: integer('minimum_order_value'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    validity: text('validity').$type<DiscountValidity>().notNull().default('once_per_member'),
    /** Only with these methods; null: any. */
    paymentMethods: text('paymentmethods').array().$type<PaymentMethod[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(t.code),
    check('discount_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('discount_codes_percentage_range', sql`${t.valuePercentage} > 0 and ${t.valuePercentage} <= 100`),
    check(
      'discount_codes_minimum_has_currency',
      sql`${t.minimumOrderValue} is null or ${t.currency} is not null`,
    ),
  ],
);

/**
 * A code used for a payment. Reserved in the payment's own transaction, `redeemed` once it is
 * paid, `released` when it ends failed, cancelled or expired (a failed payment does not burn a
 * code). `scope` is what the code's validity counts once: `member:<id>` (once per member),
 * `once` (once in all), the payment's id (unlimited), `first-purchase:<id>` (the time bonus and the
 * welcome discount: one of them, once per member); the partial unique index on (code, scope)
 * over the rows not released is what makes two concurrent purchases with a once-only code end
 * with exactly one reservation.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: identityId(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    userId: memberRef('user_id'),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    status: text('status', { enum: ['reserved', 'redeemed', 'released'] })
      .notNull()
      .default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('discount_redemptions_payment_idx').on(t.paymentId),
    uniqueIndex('discount_redemptions_scope_idx').on(t.codeId, t.scope).where(sql`${t.status} <> 'released'`),
    // One first-purchase discount per member, whichever code (the time bonus or the welcome
    // discount): their scope is `first-purchase:<member>` across codes (docs/decisions/0032).
    uniqueIndex('discount_redemptions_first_purchase_idx')
      .on(t.scope)
      .where(sql`${t.status} <> 'released' and ${t.scope} like 'first-purchase:%'`),
    index('discount_redemptions_user_idx').on(t.userId),
  ],
);
