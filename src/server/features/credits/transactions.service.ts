import { and, desc, eq, lt } from 'drizzle-orm';
import { PackageIdSchema } from '../../../shared/contracts/payments.ts';
import {
  LEDGER_PAGE_SIZE,
  type LedgerEntry,
  type LedgerResponse,
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  type TransactionsResponse,
} from '../../../shared/contracts/transactions.ts';
import type { Queryable } from '../../db/client.ts';
import { creditLedger, payments } from '../../db/schema/index.ts';
import { authorize } from '../../policy/policy.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import { presentPaymentDiscount } from '../payments/checkout/payments.presenter.ts';
import { findOwnPayment, type PaymentRow } from '../payments/checkout/payments.service.ts';
import { vatIncluded, vatRateBp } from './vat.ts';

/** A payment for the list and the receipt: the VAT computed from the country it was made in. */
function presentTransaction(payment: PaymentRow): Transaction {
  const rate = vatRateBp(payment.country);
  return {
    payment_id: payment.id,
    package: PackageIdSchema.parse(payment.packageId),
    credits: payment.credits,
    amount: payment.amountCents,
    vat: vatIncluded(payment.amountCents, rate),
    vat_rate_bp: rate,
    currency: payment.currency,
    method: payment.method,
    status: payment.status,
    country: payment.country,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    refunded_amount: payment.refundedCents,
    charged_back_amount: payment.chargedBackCents,
    refunded_at: payment.refundedAt?.toISOString() ?? null,
    charged_back_at: payment.chargedBackAt?.toISOString() ?? null,
    discount: presentPaymentDiscount(payment),
  };
}

/** The viewer's own payments, newest first, a page of 50 (one more is read to know if more follow). */
export async function listTransactions(
  db: Queryable,
  viewer: MemberViewer,
  page: number,
): Promise<TransactionsResponse> {
  authorize(viewer, 'payment.view', { ownerId: viewer.id });
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, viewer.id))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(TRANSACTIONS_PAGE_SIZE + 1)
    .offset((page - 1) * TRANSACTIONS_PAGE_SIZE);
  return {
    transactions: rows.slice(0, TRANSACTIONS_PAGE_SIZE).map(presentTransaction),
    page,
    has_more: rows.length > TRANSACTIONS_PAGE_SIZE,
  };
}

/** One of them; another member's id answers the same 404 as an unknown one. */
export async function findOwnTransaction(
  db: Queryable,
  viewer: MemberViewer,
  paymentId: string,
): Promise<Transaction> {
  return presentTransaction(await findOwnPayment(db, viewer, paymentId));
}

/**
 * The viewer's credit ledger, newest first, keyset-paged on the ledger id (the index is on
 * user_id, id): ids only grow, so a page never repeats or skips an entry while new ones are written.
 */
export async function listLedger(
  db: Queryable,
  viewer: MemberViewer,
  before: number | undefined,
): Promise<LedgerResponse> {
  authorize(viewer, 'payment.view', { ownerId: viewer.id });
  const rows = await db
    .select()
    .from(creditLedger)
    .where(
      before === undefined
        ? eq(creditLedger.userId, viewer.id)
        : and(eq(creditLedger.userId, viewer.id), lt(creditLedger.id, before)),
    )
    .orderBy(desc(creditLedger.id))
    .limit(LEDGER_PAGE_SIZE + 1);
  const entries: LedgerEntry[] = rows.slice(0, LEDGER_PAGE_SIZE).map((row) => ({
    id: row.id,
    kind: row.kind,
    delta: row.delta,
    shortfall: row.shortfall,
    balance_after: row.balanceAfter,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  }));
  const last = entries.at(-1);
  return { entries, next_before: rows.length > LEDGER_PAGE_SIZE && last ? last.id : null };
}
