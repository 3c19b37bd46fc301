import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentStatus } from '../../../../shared/contracts/payments.ts';
import type { Database, Queryable } from '../../../db/client.ts';
import { testGatewayPayments } from '../../../db/schema/index.ts';
import type { EnqueueOptions, JobDefinition } from '../../../lib/jobs.ts';
import { defineJob } from '../../../lib/jobs.ts';
import {
  type CreatePaymentRequest,
  type PaymentProvider,
  type ProviderPayment,
  ProviderPaymentNotFound,
  sequenceOf,
} from './payment-provider.ts';
import {
  chargeGatewayMandate,
  createGatewayCustomer,
  createGatewayDirectDebitMandate,
  storeFirstPaymentMandate,
} from './test-gateway-mandates.ts';

/** What the buyer can choose on the test checkout. */
export const TEST_GATEWAY_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'paid_later'] as const;
export const TestGatewayOutcomeSchema = z.enum(TEST_GATEWAY_OUTCOMES);
export type TestGatewayOutcome = z.infer<typeof TestGatewayOutcomeSchema>;

/** "Paid later": pending now, paid this long after the choice (the return page's pending state). */
export const PAID_LATER_SECONDS = 8;
/** An open checkout nobody finished reports expired after this, like a real provider's session. */
export const OPEN_CHECKOUT_EXPIRES_MS = 60 * 60 * 1000;

/** The reason a failed test payment gives (one the return page explains: KNOWN_FAILURE_REASONS). */
const FAILURE_REASON = 'declined';

/** Sends the gateway's notice to the webhook by HTTP, as a provider's servers do. */
export const TEST_GATEWAY_WEBHOOK_JOB = defineJob({
  name: 'test-gateway-webhook',
  payload: z.object({ id: z.string() }),
  maxAttempts: 6,
});

/** A "paid later" payment turns paid at its time, and the gateway then sends its notice. */
export const TEST_GATEWAY_PAID_LATER_JOB = defineJob({
  name: 'test-gateway-paid-later',
  payload: z.object({ id: z.string() }),
  maxAttempts: 6,
});

export type TestGatewayDeps = {
  db: Database;
  now: () => Date;
  publicUrl: string;
  enqueue: <P>(job: JobDefinition<P>, payload: P, options?: EnqueueOptions) => Promise<void>;
};

type GatewayRecord = typeof testGatewayPayments.$inferSelect;

/** The status the gateway reports for a record at `now` (a paid-later record is paid once due). */
function reportedStatus(record: GatewayRecord, now: Date): PaymentStatus {
  if (record.status === 'pending' && record.paidLaterAt && record.paidLaterAt <= now)
    return record.settlesAs ?? 'paid';
  if (record.status === 'open' && now.getTime() - record.createdAt.getTime() > OPEN_CHECKOUT_EXPIRES_MS)
    return 'expired';
  return record.status;
}

/** The gateway's record of a payment as asked for: what it keeps of every request. */
export const gatewayRecordOf = (id: string, request: CreatePaymentRequest, now: Date) => ({
  id,
  reference: request.reference,
  amountCents: request.amount.cents,
  currency: request.amount.currency,
  method: request.method,
  description: request.description,
  locale: request.locale,
  redirectUrl: request.redirectUrl,
  webhookUrl: request.webhookUrl,
  createdAt: now,
});

export async function findGatewayPayment(db: Queryable, id: string): Promise<GatewayRecord | undefined> {
  // Named (db/prepared.ts): asked at every webhook notice, a storm of them included.
  const [record] = await db
    .select()
    .from(testGatewayPayments)
    .where(eq(testGatewayPayments.id, id))
    .prepare('test_gateway_payment')
    .execute();
  return record;
}

/** The record, locked until the transaction ends: one change at a time, as at a provider. */
async function lockGatewayPayment(tx: Queryable, id: string): Promise<GatewayRecord | undefined> {
  const [record] = await tx
    .select()
    .from(testGatewayPayments)
    .where(eq(testGatewayPayments.id, id))
    .for('update');
  return record;
}

/**
 * The built-in test gateway (docs/decisions/0030): a provider whose "servers" are a table and a
 * checkout page of our own (test-gateway.routes.ts). It keeps its own record of each payment,
 * answers getPayment from that record only, and tells the webhook by HTTP, so the whole flow of a
 * real provider — checkout, notice, fetch, grant — runs offline, in the demo and in the tests.
 */
export function createTestGateway(deps: TestGatewayDeps): PaymentProvider {
  return {
    name: 'test',
    methods: new Set(PAYMENT_METHODS),
    // The stand-in takes every method in every currency: the catalogue's reach decides alone.
    takes: () => true,
    async createPayment(request) {
      const id = `tg_${randomBytes(12).toString('base64url')}`;
      // A stored mandate is charged at once, no checkout page (test-gateway-mandates.ts).
      if (sequenceOf(request) === 'recurring') return chargeGatewayMandate(deps, id, request);
      await deps.db.insert(testGatewayPayments).values({
        ...gatewayRecordOf(id, request, deps.now()),
        ...(sequenceOf(request) === 'first' && request.customerId
          ? { sequenceType: 'first' as const, customerId: request.customerId }
          : {}),
      });
      return { providerPaymentId: id, checkoutUrl: `${deps.publicUrl}/test-gateway/${id}`, status: 'open' };
    },
    async getPayment(providerPaymentId): Promise<ProviderPayment> {
      const record = await findGatewayPayment(deps.db, providerPaymentId);
      if (!record) throw new ProviderPaymentNotFound(providerPaymentId);
      const status = reportedStatus(record, deps.now());
      return {
        providerPaymentId,
        status,
        amount: { cents: record.amountCents, currency: record.currency },
        method: record.method,
        paidAt: status === 'paid' ? (record.paidAt ?? record.paidLaterAt ?? deps.now()) : null,
        failureReason: status === 'failed' ? record.failureReason : null,
        mandateId: record.mandateId,
        customerId: record.customerId,
        amountRefunded: { cents: record.refundedCents, currency: record.currency },
        amountChargedBack: { cents: record.chargedBackCents, currency: record.currency },
      };
    },
    createCustomer: (request) => createGatewayCustomer(deps, request),
    createDirectDebitMandate: (request) => createGatewayDirectDebitMandate(deps, request),
  };
}

/**
 * The buyer's choice on the checkout page: the record moves (only from open, so a second click or a
 * replayed form changes nothing), and the notice is sent in the same transaction's job. Answers
 * where the browser goes next, or undefined for an unknown id.
 */
export async function chooseOutcome(
  deps: TestGatewayDeps,
  id: string,
  outcome: TestGatewayOutcome,
  /** A first payment's stored card or PayPal: whether later charges on it fail (the test switch). */
  options: { mandateFails?: boolean } = {},
): Promise<{ redirectUrl: string } | undefined> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const record = await lockGatewayPayment(tx, id);
    if (!record) return undefined;
    if (reportedStatus(record, now) !== 'open') return { redirectUrl: record.redirectUrl };
    const paidLaterAt = new Date(now.getTime() + PAID_LATER_SECONDS * 1000);
    const status: PaymentStatus = outcome === 'paid_later' ? 'pending' : outcome;
    await tx
      .update(testGatewayPayments)
      .set({
        status,
        paidAt: outcome === 'paid' ? now : null,
        paidLaterAt: outcome === 'paid_later' ? paidLaterAt : null,
        failureReason: outcome === 'failed' ? FAILURE_REASON : null,
      })
      .where(eq(testGatewayPayments.id, id));
    if (outcome === 'paid' || outcome === 'paid_later')
      await storeFirstPaymentMandate(tx, record, options.mandateFails ?? false, now);
    await deps.enqueue(TEST_GATEWAY_WEBHOOK_JOB, { id }, { tx, runAt: now });
    if (outcome === 'paid_later')
      await deps.enqueue(TEST_GATEWAY_PAID_LATER_JOB, { id }, { tx, runAt: paidLaterAt });
    return { redirectUrl: record.redirectUrl };
  });
}

/** The paid-later job: pending turns paid (once), then the notice goes out. */
export async function settlePaidLater(deps: TestGatewayDeps, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const settled = await tx
      .update(testGatewayPayments)
      // A charge on a failing mandate settles failed (settlesAs), like a bounced debit.
      .set({
        status: sql`coalesce(${testGatewayPayments.settlesAs}, 'paid')`,
        paidAt: sql`case when ${testGatewayPayments.settlesAs} = 'failed' then null else ${testGatewayPayments.paidLaterAt} end`,
      })
      .where(
        and(
          eq(testGatewayPayments.id, id),
          eq(testGatewayPayments.status, 'pending'),
          sql`${testGatewayPayments.paidLaterAt} <= ${now}`,
        ),
      )
      .returning({ id: testGatewayPayments.id });
    if (settled.length > 0) await deps.enqueue(TEST_GATEWAY_WEBHOOK_JOB, { id }, { tx, runAt: now });
  });
}

/**
 * POSTs `id=<id>` form-encoded to the payment's webhook URL, as Mollie does. A refusal or a network
 * failure throws, so the job is retried with backoff, like a provider retries its notices.
 */
export async function sendGatewayWebhook(db: Queryable, id: string, fetchImpl: typeof fetch = fetch) {
  const record = await findGatewayPayment(db, id);
  if (!record) return;
  const response = await fetchImpl(record.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id }).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`webhook ${record.webhookUrl} answered ${response.status}`);
}

/** What the operator can do to a paid test payment (its admin form, below the checkout). */
export const TEST_GATEWAY_REVERSALS = ['refund', 'chargeback'] as const;
export const TestGatewayReversalSchema = z.enum(TEST_GATEWAY_REVERSALS);
export type TestGatewayReversal = z.infer<typeof TestGatewayReversalSchema>;

export type ReversalRefusal = 'not_paid' | 'amount_invalid';

/**
 * The operator refunds (all or part: `cents`) or the buyer's bank charges back a paid test payment,
 * as at Mollie: the record stays paid, its cumulative refunded or charged-back amount grows (never
 * beyond the payment's amount, all reversals together), and the notice goes out in the same
 * transaction's job. Without `cents`, all that has not gone back yet. Answers why it refused.
 */
export async function reverseGatewayPayment(
  deps: TestGatewayDeps,
  id: string,
  reversal: TestGatewayReversal,
  cents?: number,
): Promise<{ ok: true } | { refused: ReversalRefusal } | undefined> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const record = await lockGatewayPayment(tx, id);
    if (!record) return undefined;
    if (reportedStatus(record, now) !== 'paid') return { refused: 'not_paid' as const };
    const left = record.amountCents - record.refundedCents - record.chargedBackCents;
    const amount = cents ?? left;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
      return { refused: 'amount_invalid' as const };
    await tx
      .update(testGatewayPayments)
      .set(
        reversal === 'refund'
          ? { refundedCents: record.refundedCents + amount }
          : { chargedBackCents: record.chargedBackCents + amount },
      )
      .where(eq(testGatewayPayments.id, id));
    await deps.enqueue(TEST_GATEWAY_WEBHOOK_JOB, { id }, { tx, runAt: now });
    return { ok: true as const };
  });
}
