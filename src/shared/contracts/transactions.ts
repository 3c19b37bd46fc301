import { z } from 'zod';
import {
  CurrencySchema,
  PackageIdSchema,
  PaymentDiscountSchema,
  PaymentMethodSchema,
  PaymentStatusSchema,
} from './payments.ts';

/** A payment as the member's transaction list and receipt show it; money in integer cents. */
const TransactionSchema = z.object({
  payment_id: z.uuid(),
  package: PackageIdSchema,
  credits: z.number().int().positive(),
  /** What was paid, VAT included. */
  amount: z.number().int().positive(),
  /** The VAT inside `amount` (never added on top). */
  vat: z.number().int().nonnegative(),
  /** The rate in hundredths of a percent (2100 is 21%), from the member's country at the payment. */
  vat_rate_bp: z.number().int().nonnegative(),
  currency: CurrencySchema,
  method: PaymentMethodSchema,
  status: PaymentStatusSchema,
  country: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Money that went back after it was paid (decision 0035): the payment stays paid. */
  refunded_amount: z.number().int().nonnegative(),
  charged_back_amount: z.number().int().nonnegative(),
  refunded_at: z.string().nullable(),
  charged_back_at: z.string().nullable(),
  /** The discount the payment was made with (null: none); `amount` is the price after it. */
  discount: PaymentDiscountSchema.nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TRANSACTIONS_PAGE_SIZE = 50;

export const TransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** GET /api/transactions.php: the caller's payments, newest first, 50 a page. */
export const TransactionsResponseSchema = z.object({
  transactions: z.array(TransactionSchema),
  page: z.number().int(),
  has_more: z.boolean(),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponseSchema>;

/** GET /api/transaction.php?id=: one of them, for the receipt. */
export const TransactionResponseSchema = z.object({ transaction: TransactionSchema });
export type TransactionResponse = z.infer<typeof TransactionResponseSchema>;

export const LEDGER_PAGE_SIZE = 50;

/** One change of the member's credits: a grant (purchase, sign-up), a spend with its reason, a refund. */
const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['grant', 'spend', 'refund', 'adjustment', 'reversal']),
  /** Positive for grants and refunds, negative for spends and reversals (0: all already spent). */
  delta: z.number().int(),
  /** A reversal's credits that were already spent, so could not be taken back. */
  shortfall: z.number().int().nonnegative(),
  balance_after: z.number().int(),
  /**
   * signup, purchase, message, gift, photo, demo, refund_reversal, chargeback, ... (the page names
   * the ones it knows).
   */
  reason: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LedgerQuerySchema = z.object({
  /** Keyset: the entries older than this id (the previous page's `next_before`). */
  before: z.coerce.number().int().positive().optional(),
});
/** GET /api/credit-ledger.php: newest first, keyset-paged by id. */
export const LedgerResponseSchema = z.object({
  entries: z.array(LedgerEntrySchema),
  next_before: z.number().int().nullable(),
});
export type LedgerResponse = z.infer<typeof LedgerResponseSchema>;

/**
 * /transactions' address: which page of payments (`?page=`) and where the credit history starts
 * (`?before=`), so that a browser without scripts pages through both with plain links.
 */
export const TransactionsPageQuerySchema = TransactionsQuerySchema.extend(LedgerQuerySchema.shape);
export type TransactionsPageQuery = z.infer<typeof TransactionsPageQuerySchema>;

/**
 * /transactions' first pages, rendered with its HTML: the payments and the ledger as the two calls
 * answer them, and the zone their dates are shown in (the browser's from its cookie, else the
 * member's country's), the same on the server and in the browser that hydrates it.
 */
export type TransactionsFirstPages = {
  payments: TransactionsResponse;
  ledger: LedgerResponse;
  time_zone: string;
};

/** A receipt's payment rendered with its HTML, as GET /api/transaction.php answers it, and its dates' zone. */
export type TransactionReceipt = TransactionResponse & { time_zone: string };
