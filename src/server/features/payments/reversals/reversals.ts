import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { directDebitBlocks, payments } from '../../../db/schema/index.ts';
import type { AppServices } from '../../../services.ts';
import { setPaidUser } from '../../auth/accounts.service.ts';
import { takeBackCredits } from '../../credits/credits.service.ts';
import { blockDirectDebit } from '../direct-debit/direct-debit-blocks.ts';
import type { Money, ProviderPayment } from '../providers/payment-provider.ts';

type PaymentRow = typeof payments.$inferSelect;
type ReversalServices = Pick<AppServices, 'sessions' | 'log'>;

/** Why credits were taken back: the ledger's reason, the member's words for it. */
type ReversalKind = 'refund_reversal' | 'chargeback';

export type AppliedReversal = {
  /** Credits taken from the balance, and those already spent (the shortfall), by this notice. */
  taken: number;
  shortfall: number;
  /** Whether the member lost premium (every purchase of theirs now fully taken back). */
  premiumEnded: boolean;
};

/** a / b rounded up, in integers only (no float ever decides a credit). */
const ceilDiv = (a: number, b: number) => (a - (a % b)) / b + (a % b > 0 ? 1 : 0);

/**
 * The credits of `reversedCents` of a payment: proportional, rounded up, so the member never keeps
 * a credit whose money went back (decision 0035). Cumulative: the credits of a second partial
 * refund are creditsReversed(total) − creditsReversed(before), so partial refunds add up to
 * exactly the credits of the whole, and a full refund takes back exactly what was granted.
 */
export function creditsReversed(payment: Pick<PaymentRow, 'credits' | 'amountCents'>, reversedCents: number) {
  const cents = Math.min(Math.max(reversedCents, 0), payment.amountCents);
  return Math.min(payment.credits, ceilDiv(payment.credits * cents, payment.amountCents));
}

/** The ledger's reference of one reversal step: per payment, kind and cumulative amount. */
const reversalReference = (
  payment: Pick<PaymentRow, 'provider' | 'providerPaymentId'>,
  kind: ReversalKind,
  cumulativeCents: number,
) => `reversal:${kind}:${payment.provider}:${payment.providerPaymentId}:${cumulativeCents}`;

/**
 * Applies what went back of a paid payment, in the caller's transaction on the locked payment row
 * (applyProviderStatus): the provider's cumulative refunded and charged-back amounts are compared
 * with ours, which only ever rise, so however many notices come, in whatever order, each cent is
 * taken back once. For what grew: the credits of that part are taken from the balance, never below
 * zero (the rest is the shortfall, on the ledger row and the payment); a chargeback blocks the
 * member from direct debit; and when every purchase of the member is fully taken back, premium
 * ends. Answers null when nothing new went back.
 */
export async function applyReversals(
  services: ReversalServices,
  tx: Tx,
  payment: PaymentRow,
  remote: Pick<ProviderPayment, 'amountRefunded' | 'amountChargedBack'>,
  now: Date,
): Promise<AppliedReversal | null> {
  const reported = (money: Money | undefined) => {
    if (!money) return 0;
    if (money.currency !== payment.currency) {
      services.log.error(
        { paymentId: payment.id, reported: money, currency: payment.currency },
        'a provider reported a reversal in another currency than the payment: ignored',
      );
      return 0;
    }
    return Math.min(money.cents, payment.amountCents);
  };
  const refunded = Math.max(payment.refundedCents, reported(remote.amountRefunded));
  const chargedBack = Math.max(payment.chargedBackCents, reported(remote.amountChargedBack));
  if (refunded === payment.refundedCents && chargedBack === payment.chargedBackCents) return null;

  // Refund first, then chargeback, each on top of all that went back before it.
  const before = creditsReversed(payment, payment.refundedCents + payment.chargedBackCents);
  const afterRefund = creditsReversed(payment, refunded + payment.chargedBackCents);
  const after = creditsReversed(payment, refunded + chargedBack);
  const steps: [ReversalKind, number, number][] = [
    ['refund_reversal', afterRefund - before, refunded],
    ['chargeback', after - afterRefund, chargedBack],
  ];
  let taken = 0;
  let shortfall = 0;
  for (const [kind, credits, cumulative] of steps) {
    if (credits <= 0) continue;
    const result = await takeBackCredits(tx, {
      userId: payment.userId,
      amount: credits,
      reason: kind,
      reference: reversalReference(payment, kind, cumulative),
    });
    taken += result.taken;
    shortfall += result.shortfall;
  }
  const chargedBackNow = chargedBack > payment.chargedBackCents;
  await tx
    .update(payments)
    .set({
      refundedCents: refunded,
      chargedBackCents: chargedBack,
      refundedAt: refunded > payment.refundedCents ? (payment.refundedAt ?? now) : payment.refundedAt,
      chargedBackAt: chargedBackNow ? (payment.chargedBackAt ?? now) : payment.chargedBackAt,
      creditsTakenBack: sql`${payments.creditsTakenBack} + ${taken}`,
      creditsShortfall: sql`${payments.creditsShortfall} + ${shortfall}`,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  // The buyer's bank took the money back: no more direct debit for them (spec section 8).
  if (chargedBackNow)
    await blockDirectDebit(tx, { userId: payment.userId, reason: 'reversal', paymentId: payment.id });

  let premiumEnded = false;
  if (refunded + chargedBack >= payment.amountCents) {
    const [kept] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.userId, payment.userId),
          eq(payments.status, 'paid'),
          ne(payments.id, payment.id),
          sql`${payments.refundedCents} + ${payments.chargedBackCents} < ${payments.amountCents}`,
        ),
      )
      .limit(1);
    if (!kept) premiumEnded = await setPaidUser(services, tx, payment.userId, false);
  }
  return { taken, shortfall, premiumEnded };
}

export type ReversedPayment = {
  paymentId: string;
  userId: number;
  provider: string;
  providerPaymentId: string | null;
  amountCents: number;
  currency: string;
  refundedCents: number;
  chargedBackCents: number;
  creditsTakenBack: number;
  creditsShortfall: number;
  directDebitBlocked: boolean;
};

/**
 * The back office's view: reversed payments, newest first (optionally one member's, or only those
 * that left a shortfall), with what was taken back, what is owed, and whether direct debit is
 * blocked. Read on the partial index of reversed payments.
 */
export async function listReversedPayments(
  db: Queryable,
  filter: { userId?: number; withShortfall?: boolean; limit?: number } = {},
): Promise<ReversedPayment[]> {
  return db
    .select({
      paymentId: payments.id,
      userId: payments.userId,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      amountCents: payments.amountCents,
      currency: payments.currency,
      refundedCents: payments.refundedCents,
      chargedBackCents: payments.chargedBackCents,
      creditsTakenBack: payments.creditsTakenBack,
      creditsShortfall: payments.creditsShortfall,
      directDebitBlocked: sql<boolean>`${directDebitBlocks.userId} is not null`,
    })
    .from(payments)
    .leftJoin(directDebitBlocks, eq(directDebitBlocks.userId, payments.userId))
    .where(
      and(
        sql`(${payments.refundedCents} > 0 or ${payments.chargedBackCents} > 0)`,
        filter.userId === undefined ? undefined : eq(payments.userId, filter.userId),
        filter.withShortfall ? gt(payments.creditsShortfall, 0) : undefined,
      ),
    )
    .orderBy(sql`greatest(${payments.refundedAt}, ${payments.chargedBackAt}) desc nulls last`)
    .limit(filter.limit ?? 100);
}
