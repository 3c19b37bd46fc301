import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type CreditOffer,
  type Currency,
  CurrencySchema,
  FINAL_PAYMENT_STATUSES,
  type PackageId,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../../shared/contracts/payments.ts';
import type { SettingsValues } from '../../../../shared/contracts/settings.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import type { Queryable } from '../../../db/client.ts';
import { payments } from '../../../db/schema/index.ts';
import { DAY_MS } from '../../../lib/durations.ts';
import { defineJob } from '../../../lib/jobs.ts';
import { AppError } from '../../../plugins/errors.ts';
import { authorize } from '../../../policy/policy.ts';
import type { MemberViewer } from '../../../policy/viewer.ts';
import type { AppServices } from '../../../services.ts';
import { markPaidUser } from '../../auth/accounts.service.ts';
import { grantCredits } from '../../credits/credits.service.ts';
import {
  bestDiscount,
  type CheckedDiscount,
  priceWith,
  reserveDiscount,
  settleDiscount,
} from '../../discounts/discounts.service.ts';
import { recordFirstPurchaseAttribution } from '../../landers/attribution.service.ts';
import {
  type PaymentProvider,
  type ProviderPayment,
  ProviderPaymentNotFound,
} from '../providers/payment-provider.ts';
import { directDebitAvailable, paymentProviderOf } from '../providers/provider-choice.ts';
import { firstPaymentCustomer } from '../providers/provider-customers.ts';
import { type AppliedReversal, applyReversals } from '../reversals/reversals.ts';
import { methodsFor } from './payment-methods.catalogue.ts';

export type PaymentRow = typeof payments.$inferSelect;

export type PaymentServices = Pick<
  AppServices,
  'env' | 'db' | 'now' | 'enqueue' | 'settings' | 'sessions' | 'log' | 'state'
>;

/** Who pays, as the route knows them: the viewer, and where they live and read (from the session). */
export type Payer = { viewer: MemberViewer; country: string; locale: Locale; domain: string };

const paymentNotFound = () => new AppError('payment_not_found', 404, 'Payment not found');
const packageNotFound = () => new AppError('package_not_found', 404, 'Package not found');
const methodUnavailable = (method: PaymentMethod) =>
  new AppError('payment_method_unavailable', 400, 'This payment method is not available to you', { method });
const providerFailed = () =>
  new AppError('payment_provider_failed', 502, 'The payment could not be started, please try again');

/** The member's currency: their country's in the settings (euro when the settings name none). */
function currencyOf(values: SettingsValues, country: string): Currency {
  const parsed = CurrencySchema.safeParse(values.currencies[country]);
  return parsed.success ? parsed.data : 'EUR';
}

/** The packages priced in the member's currency (a package without a price there is not offered). */
function offersFor(values: SettingsValues, currency: Currency): CreditOffer[] {
  return values.credit_packages.flatMap((pkg) => {
    const amount = pkg.prices[currency];
    return amount === undefined
      ? []
      : [{ id: pkg.id, credits: pkg.credits, amount, currency, popular: pkg.popular }];
  });
}

/** What the member can buy and pay with: GET /api/credit-packages.php and the startPayment checks. */
export async function creditOffers(services: PaymentServices, payer: Payer) {
  authorize(payer.viewer, 'payment.start');
  const values = await services.settings.getValues(payer.domain);
  const currency = currencyOf(values, payer.country);
  const provider = paymentProviderOf(services);
  return {
    packages: offersFor(values, currency),
    methods: methodsFor(payer.country, currency, provider, { directDebit: directDebitAvailable(services) }),
    currency,
    country: payer.country,
  };
}

/** What a purchase may carry beyond the member's choice (docs/decisions/0033). */
export type StartPaymentOptions = {
  /** Charge this stored mandate with no checkout page (a repeat order, a signed direct debit). */
  mandate?: { customerId: string; mandateId: string };
  /** Checks made in the transaction that inserts the payment (the direct-debit limit): throw to refuse. */
  guard?: (tx: Queryable, offer: CreditOffer) => Promise<void>;
};

/**
 * Starts a purchase: the amount and the credits come from the settings (the package in the member's
 * currency), never from the request, and the method must be one the provider takes in the member's
 * country and currency. Our row is written first, so the provider's notice always finds it; then
 * the provider makes its payment and its checkout page, where the browser goes next. On a stored
 * mandate there is no checkout page (`checkoutUrl` null): the member goes to `returnPath`.
 */
export async function startPayment(
  services: PaymentServices,
  payer: Payer,
  choice: {
    packageId: PackageId;
    method: PaymentMethod;
    /** A discount code; checked and applied here (docs/decisions/0032). */
    discountCode?: string;
    /** The amount the page showed: compared only, never charged. */
    expectedAmount?: number;
  },
  options: StartPaymentOptions = {},
): Promise<{ payment: PaymentRow; checkoutUrl: string | null; returnPath: string }> {
  const offers = await creditOffers(services, payer);
  const offer = offers.packages.find((p) => p.id === choice.packageId);
  if (!offer) throw packageNotFound();
  if (!offers.methods.includes(choice.method)) throw methodUnavailable(choice.method);
  // Direct debit is paid only on a mandate signed on /directdebit (by SMS code), never by checkout.
  if (choice.method === 'sdd' && !options.mandate) throw methodUnavailable(choice.method);
  const values = await services.settings.getValues(payer.domain);
  const provider = paymentProviderOf(services);
  const { price, discount } = await discountStep(services, payer, offer, choice);
  // A card or PayPal checkout stores the card for repeat orders when the provider keeps mandates.
  const firstOf = options.mandate ? null : await firstPaymentCustomer(services, payer, choice.method);

  // The payment row and its code's reservation commit together: a once-only code cannot be
  // reserved by two purchases, and a payment never exists with a code it did not reserve. The
  // guard (the direct-debit limit) counts in this same transaction, at the price charged.
  const payment = await services.db.transaction(async (tx) => {
    await options.guard?.(tx, { ...offer, amount: price.amountCents });
    const [row] = await tx
      .insert(payments)
      .values({
        userId: payer.viewer.id,
        packageId: offer.id,
        credits: offer.credits,
        amountCents: price.amountCents,
        currency: offer.currency,
        method: choice.method,
        provider: provider.name,
        country: payer.country,
        locale: payer.locale,
        createdAt: services.now(),
        updatedAt: services.now(),
        ...paymentDiscountColumns(discount, price),
        ...(options.mandate
          ? { ...options.mandate, sequenceType: 'recurring' as const }
          : firstOf
            ? { customerId: firstOf, sequenceType: 'first' as const }
            : {}),
      })
      .returning();
    if (!row) throw new Error('payment insert returned no row');
    if (discount) await reserveDiscount(tx, discount, payer.viewer.id, row.id);
    return row;
  });

  const base = services.env.publicUrl;
  const returnPath = `/credits/${offer.id}/${choice.method}?payment=${payment.id}`;
  let created: Awaited<ReturnType<PaymentProvider['createPayment']>>;
  try {
    created = await provider.createPayment({
      reference: payment.id,
      amount: { cents: price.amountCents, currency: offer.currency },
      method: choice.method,
      description: `${values.name} ${offer.credits} credits`,
      locale: payer.locale,
      redirectUrl: `${base}${returnPath}`,
      webhookUrl: `${base}/api/payment-webhook.php`,
      ...(options.mandate
        ? { ...options.mandate, sequenceType: 'recurring' as const }
        : firstOf
          ? { customerId: firstOf, sequenceType: 'first' as const }
          : {}),
    });
  } catch (error) {
    services.log.error(
      { err: error, paymentId: payment.id },
      'the payment provider refused to create a payment',
    );
    await services.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: 'provider_error', updatedAt: services.now() })
        .where(eq(payments.id, payment.id));
      await settleDiscount(tx, payment.id, 'failed', services.now());
    });
    throw providerFailed();
  }
  const [stored] = await services.db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, updatedAt: services.now() })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!stored || (!created.checkoutUrl && !options.mandate)) throw providerFailed();
  return { payment: stored, checkoutUrl: created.checkoutUrl, returnPath };
}

const priceChanged = () =>
  new AppError('price_changed', 409, 'The price has changed. Please check it and confirm again.');

/**
 * The discount step of a purchase: the code (typed, or the member's active discount) checked for
 * this package and method, or the member's own discount when it takes more off (the best applies),
 * and the price computed with it on the server. A page that showed another amount (a tampered
 * price, a discount that ended meanwhile) starts nothing. Without a code there is no discount: the
 * pages always send the one they show, and the repeat order and direct debit send theirs.
 */
async function discountStep(
  services: PaymentServices,
  payer: Payer,
  offer: CreditOffer,
  choice: { method: PaymentMethod; discountCode?: string; expectedAmount?: number },
) {
  // A code sent is weighed against the member's own discounts: the best one applies.
  const discount = choice.discountCode
    ? await bestDiscount(
        services,
        { viewer: payer.viewer, country: payer.country, domain: payer.domain, currency: offer.currency },
        choice.discountCode,
        { amountCents: offer.amount, method: choice.method },
      )
    : null;
  const price = discount
    ? priceWith(discount, offer.amount)
    : { amountCents: offer.amount, discountCents: 0, originalAmountCents: offer.amount };
  if (choice.expectedAmount !== undefined && choice.expectedAmount !== price.amountCents)
    throw priceChanged();
  return { discount, price };
}

const paymentDiscountColumns = (discount: CheckedDiscount | null, price: ReturnType<typeof priceWith>) =>
  discount
    ? {
        discountCode: discount.row.code,
        discountPercentage: discount.percentage,
        discountCents: price.discountCents,
        originalAmountCents: price.originalAmountCents,
      }
    : {};

/** One of the member's own payments (the return page's read; it never changes anything). */
export async function findOwnPayment(
  db: Queryable,
  viewer: MemberViewer,
  paymentId: string,
): Promise<PaymentRow> {
  if (!z.uuid().safeParse(paymentId).success) throw paymentNotFound();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw paymentNotFound();
  authorize(viewer, 'payment.view', { ownerId: payment.userId });
  return payment;
}

const RANK: Record<PaymentStatus, number> = {
  open: 0,
  pending: 1,
  paid: 2,
  failed: 2,
  canceled: 2,
  expired: 2,
};

/**
 * Whether a payment in `current` takes the provider's `reported` status. States only move forward
 * (open → pending → final). Paid is the exception that wins over the other final states: a
 * provider that reports paid has the money (a bank transfer paid after it expired, a retried card
 * after a failed attempt), and the member gets what they paid for. Nothing leaves paid: refunds
 * and chargebacks are amounts beside the paid status (reversals.ts, decision 0035).
 */
export function takesStatus(current: PaymentStatus, reported: PaymentStatus): boolean {
  if (current === reported || current === 'paid') return false;
  if (reported === 'paid') return true;
  return RANK[reported] > RANK[current];
}

export type AppliedStatus =
  | { outcome: 'unknown' }
  | {
      outcome: 'applied' | 'unchanged';
      status: PaymentStatus;
      granted: boolean;
      /** What this notice took back of a paid payment (refund, chargeback); absent: nothing. */
      reversed?: AppliedReversal;
    };

/**
 * Applies what the provider says of one of its payments: the only way a payment changes. It never
 * trusts a notice's content, only the id: the status is fetched from the provider, then applied in
 * one transaction on the locked row. On the first move to paid, the credits are granted (once per
 * provider payment: the ledger's reference, whatever the number or order of notices) and the member
 * becomes premium, in that same transaction, so a crash leaves either all of it or none. Money
 * that went back after paid (a refund, a chargeback) takes its credits back in the same way, once
 * per cumulative amount (reversals.ts), also when it is seen in the same notice as paid.
 */
export async function applyProviderStatus(
  services: PaymentServices,
  providerPaymentId: string,
  provider: PaymentProvider = paymentProviderOf(services),
): Promise<AppliedStatus> {
  // Ids we never handed out cost no call to the provider (a forged notice, a scan).
  const [known] = await services.db
    .select({
      id: payments.id,
      status: payments.status,
      refundedCents: payments.refundedCents,
      chargedBackCents: payments.chargedBackCents,
    })
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)))
    // Named (db/prepared.ts): the first read of every notice, a storm's and a scan's.
    .prepare('payment_by_provider_id')
    .execute();
  if (!known) return { outcome: 'unknown' };
  let remote: Awaited<ReturnType<PaymentProvider['getPayment']>>;
  try {
    remote = await provider.getPayment(providerPaymentId);
  } catch (error) {
    if (error instanceof ProviderPaymentNotFound) return { outcome: 'unknown' };
    throw error;
  }
  const now = services.now();
  if (changesNothing(known, remote)) {
    // A repeated notice (a provider's retries, a storm): nothing to change, so no lock and no
    // transaction. Safe on a stale read: status and reversed amounts only ever move forward, so
    // what the provider reports cannot be ahead of a newer row if it is not ahead of this one.
    // Unsettled payments still note the check, for the re-check job.
    if (!isFinal(known.status))
      await services.db.update(payments).set({ checkedAt: now }).where(eq(payments.id, known.id));
    return { outcome: 'unchanged', status: known.status, granted: false };
  }
  return services.db.transaction(async (tx) => {
    // Not FOR UPDATE: a notice stored meanwhile (payment-notices.ts) takes the key-share lock of its
    // foreign key, which FOR NO KEY UPDATE leaves it; two applications still exclude each other.
    const [payment] = await tx.select().from(payments).where(eq(payments.id, known.id)).for('no key update');
    if (!payment) return { outcome: 'unknown' } as const;
    if (!takesStatus(payment.status, remote.status)) {
      const reversed =
        payment.status === 'paid' ? await applyReversals(services, tx, payment, remote, now) : null;
      await tx.update(payments).set({ checkedAt: now }).where(eq(payments.id, payment.id));
      return reversed
        ? ({ outcome: 'applied', status: payment.status, granted: false, reversed } as const)
        : ({ outcome: 'unchanged', status: payment.status, granted: false } as const);
    }
    if (
      remote.status === 'paid' &&
      (remote.amount.cents !== payment.amountCents || remote.amount.currency !== payment.currency)
    ) {
      // Never grant for a payment of another amount than ours: the back office looks at it.
      services.log.error(
        { paymentId: payment.id, reported: remote.amount, ours: payment.amountCents },
        'a provider reported a paid amount that differs from the payment: nothing granted',
      );
      await tx.update(payments).set({ checkedAt: now }).where(eq(payments.id, payment.id));
      return { outcome: 'unchanged', status: payment.status, granted: false } as const;
    }
    await tx
      .update(payments)
      .set({
        status: remote.status,
        failureReason: remote.status === 'paid' ? null : (remote.failureReason ?? payment.failureReason),
        paidAt: remote.status === 'paid' ? (remote.paidAt ?? now) : payment.paidAt,
        mandateId: remote.mandateId ?? payment.mandateId,
        customerId: remote.customerId ?? payment.customerId,
        updatedAt: now,
        checkedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await settleDiscount(tx, payment.id, remote.status, now, services.log);
    let granted = false;
    if (remote.status === 'paid') {
      const grant = await grantCredits(tx, {
        userId: payment.userId,
        amount: payment.credits,
        reason: 'purchase',
        reference: grantReference(payment.provider, providerPaymentId),
      });
      granted = grant.applied;
      // Premium starts with the first purchase: what the ad that brought the member earned.
      if (await markPaidUser(services, tx, payment.userId))
        await recordFirstPurchaseAttribution(
          tx,
          payment.userId,
          { cents: payment.amountCents, currency: payment.currency },
          now,
        );
      // A refund or chargeback may be the first thing we hear of a paid payment (notices out of
      // order): granted, then taken back, in this one transaction.
      const reversed = await applyReversals(services, tx, payment, remote, now);
      if (reversed) return { outcome: 'applied', status: remote.status, granted, reversed } as const;
    }
    return { outcome: 'applied', status: remote.status, granted } as const;
  });
}

/** Whether the provider reports nothing beyond what the row says: no new status, nothing more went back. */
function changesNothing(
  row: Pick<PaymentRow, 'status' | 'refundedCents' | 'chargedBackCents'>,
  remote: ProviderPayment,
): boolean {
  if (takesStatus(row.status, remote.status)) return false;
  if (row.status !== 'paid') return true;
  return (
    (remote.amountRefunded?.cents ?? 0) <= row.refundedCents &&
    (remote.amountChargedBack?.cents ?? 0) <= row.chargedBackCents
  );
}

/** The ledger's reference of a payment's grant: one grant per provider payment. */
export const grantReference = (provider: string, providerPaymentId: string) =>
  `payment:${provider}:${providerPaymentId}`;

/** Payments younger than this are left to their webhook; older ones still open are asked about. */
export const RECHECK_AFTER_MS = 2 * 60 * 1000;
/** How long a payment is asked about at all (a bank transfer can take days to arrive). */
const RECHECK_FOR_DAYS = 30;
const RECHECK_BATCH = 200;

/**
 * Every few minutes: payments still open or pending after a while are fetched from the provider
 * again, so a lost webhook costs a member minutes, not their credits. The provider's status also
 * ends checkouts nobody finished (it reports them expired).
 */
export const PAYMENTS_RECHECK_JOB = defineJob({
  name: 'payments-recheck',
  payload: z.object({}),
  cron: '*/3 * * * *',
  maxAttempts: 2,
});

export async function recheckUnsettledPayments(
  services: PaymentServices,
  provider: PaymentProvider = paymentProviderOf(services),
): Promise<number> {
  const now = services.now();
  const settledBefore = new Date(now.getTime() - RECHECK_AFTER_MS);
  const due = await services.db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['open', 'pending']),
        eq(payments.provider, provider.name),
        lt(payments.createdAt, settledBefore),
        sql`${payments.createdAt} > ${new Date(now.getTime() - RECHECK_FOR_DAYS * DAY_MS)}`,
        or(isNull(payments.checkedAt), lt(payments.checkedAt, settledBefore)),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(RECHECK_BATCH);
  const results = await askProviderAgain(services, provider, due, 'payment re-check');
  return results.filter((result) => result.outcome === 'applied').length;
}

/**
 * The provider asked again about each payment, one after the other, its answer applied
 * (applyProviderStatus); `asked` runs after each answer. One provider hiccup does not stop the
 * batch: it is logged, and the job's next run asks again. The jobs' shared loop.
 */
export async function askProviderAgain(
  services: PaymentServices,
  provider: PaymentProvider,
  due: { id: string; providerPaymentId: string | null }[],
  what: string,
  asked?: (paymentId: string) => Promise<unknown>,
): Promise<AppliedStatus[]> {
  const results: AppliedStatus[] = [];
  for (const { id, providerPaymentId } of due) {
    if (!providerPaymentId) continue;
    try {
      results.push(await applyProviderStatus(services, providerPaymentId, provider));
      await asked?.(id);
    } catch (error) {
      services.log.warn?.({ err: error, providerPaymentId }, `${what} failed`);
    }
  }
  return results;
}

/**
 * The days after being paid at which a paid payment is asked about once more, for money that went
 * back without its webhook reaching us (decision 0035): a refund made in the provider's dashboard,
 * a card chargeback (up to about 120 days), a SEPA direct debit returned (8 weeks without a reason,
 * 13 months when unauthorised). Six questions per payment over its life, not one per run.
 */
const REVERSAL_WATCH_DAYS = [1, 7, 30, 60, 120, 400] as const;

/** Every hour: the paid payments that reached one of their REVERSAL_WATCH_DAYS since last asked. */
export const PAYMENTS_REVERSAL_WATCH_JOB = defineJob({
  name: 'payments-reversal-watch',
  payload: z.object({}),
  cron: '23 * * * *',
  maxAttempts: 2,
});

/**
 * Asks the provider again about the paid payments due in the reversal watch, and applies what it
 * says (applyProviderStatus: a refund or chargeback takes its credits back once, as from the
 * webhook). Each payment asked is marked checked, so it is due again only at its next milestone.
 * Answers how many had money go back.
 */
export async function watchPaidPayments(
  services: PaymentServices,
  provider: PaymentProvider = paymentProviderOf(services),
): Promise<number> {
  const now = services.now();
  const last = REVERSAL_WATCH_DAYS[REVERSAL_WATCH_DAYS.length - 1] as number;
  // Constants of ours, not input: written into the statement.
  const days = sql.raw(`array[${REVERSAL_WATCH_DAYS.join(', ')}]::int[]`);
  const due = await services.db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'paid'),
        eq(payments.provider, provider.name),
        sql`${payments.paidAt} > ${new Date(now.getTime() - (last + 1) * DAY_MS)}`,
        sql`exists (select 1 from unnest(${days}) as watch(days)
          where ${payments.paidAt} + watch.days * interval '1 day' <= ${now}
            and (${payments.checkedAt} is null or ${payments.checkedAt} < ${payments.paidAt} + watch.days * interval '1 day'))`,
      ),
    )
    .orderBy(payments.paidAt)
    .limit(RECHECK_BATCH);
  // Asked at this milestone, whatever the answer: next at the following one.
  const results = await askProviderAgain(services, provider, due, 'payment reversal watch', (id) =>
    services.db.update(payments).set({ checkedAt: now }).where(eq(payments.id, id)),
  );
  return results.filter((result) => result.outcome === 'applied' && result.reversed).length;
}

const isFinal = (status: PaymentStatus) => FINAL_PAYMENT_STATUSES.includes(status);
