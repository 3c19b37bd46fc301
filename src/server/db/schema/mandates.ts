// Owned by the payments feature (features/payments/direct-debit/): SEPA direct-debit
// mandates signed by SMS code on /directdebit, and the built-in test gateway's own customers and
// mandates (what a real provider keeps on its servers).
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PackageId } from '../../../shared/contracts/payments.ts';
import { memberRef } from './accounts.ts';
import { payments } from './payments.ts';

/**
 * A direct-debit mandate a member fills in on /directdebit and signs with the SMS code we send
 * (docs/decisions/0033). Kept after signing as the evidence of the mandate (holder, IBAN, address,
 * signature time, our reference). The code is kept only as a hash, and only until it is used.
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: memberRef('user_id'),
    /** The package bought once it is signed (the form carries it from /credits/{id}/sdd). */
    packageId: text('package_id').$type<PackageId>().notNull(),
    /** The discount code the page priced it with (checked again, and reserved, when it is charged). */
    discountCode: text('discount_code'),
    accountHolder: text('account_holder').notNull(),
    /** Electronic format (no spaces, upper case), checked with ibantools. */
    iban: text('iban').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    /** E.164, parsed for the member's country with libphonenumber-js. */
    phone: text('phone').notNull(),
    /** Our mandate reference (SEPA's "unique mandate reference"), given to the provider. */
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: ['unsigned', 'signed', 'active', 'failed'] })
      .notNull()
      .default('unsigned'),
    /** sha256 of the id and the code: never the code itself. Null once signed. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }).notNull(),
    /** Wrong codes given for the current code (a new code starts again at 0). */
    codeAttempts: integer('code_attempts').notNull().default(0),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    provider: text('provider'),
    providerCustomerId: text('provider_customer_id'),
    providerMandateId: text('provider_mandate_id'),
    /** The first payment charged on it. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('direct_debit_mandates_user_idx').on(t.userId, t.createdAt.desc())],
);

/** The test gateway's customers (Mollie's cst_…): one per member who stored a mandate with it. */
export const testGatewayCustomers = pgTable('test_gateway_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  locale: text('locale').notNull(),
  /** Our reference of the member (their id), as a provider keeps it in metadata. */
  reference: text('reference').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The test gateway's mandates (Mollie's mdt_…): a SEPA one made from a signed form, or a card or
 * PayPal one left by a paid first payment. `fails` is the test switch: charges on it fail (a card
 * expired since, an account emptied), chosen on the test checkout or by the test IBAN rule.
 */
export const testGatewayMandates = pgTable(
  'test_gateway_mandates',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => testGatewayCustomers.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['directdebit', 'creditcard', 'paypal'] }).notNull(),
    status: text('status', { enum: ['valid', 'invalid'] })
      .notNull()
      .default('valid'),
    consumerName: text('consumer_name'),
    consumerAccount: text('consumer_account'),
    signatureDate: text('signature_date'),
    mandateReference: text('mandate_reference'),
    fails: boolean('fails').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_gateway_mandates_customer_idx').on(t.customerId)],
);
