import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PackageIdSchema } from '../../../../shared/contracts/payments.ts';
import { payments } from '../../../db/schema/index.ts';
import { authorize } from '../../../policy/policy.ts';
import { nothingToRepeat } from '../../../policy/refusals.ts';
import { creditOffers, type Payer, type PaymentRow, startPayment } from '../checkout/payments.service.ts';
import { keepsMandates } from '../providers/payment-provider.ts';
import { paymentProviderOf } from '../providers/provider-choice.ts';
import { type DirectDebitServices, directDebitGuard } from './direct-debit.service.ts';

/** The member's last paid purchase, newest first by when it was paid. */
async function lastPaidPayment(services: Pick<DirectDebitServices, 'db'>, userId: number) {
  const [last] = await services.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt), desc(payments.createdAt))
    .limit(1);
  return last ?? null;
}

/** Whether a paid payment left a mandate the configured provider can charge again. */
function storedMandateOf(services: Pick<DirectDebitServices, 'state'>, payment: PaymentRow) {
  const provider = paymentProviderOf(services);
  return payment.mandateId &&
    payment.customerId &&
    payment.provider === provider.name &&
    keepsMandates(provider)
    ? { customerId: payment.customerId, mandateId: payment.mandateId }
    : null;
}

/**
 * GET /api/repeat-order.php: the last paid purchase, priced as today (the package in the member's
 * currency now), with whether it will be charged on a stored mandate; null when there is none.
 */
export async function repeatOrderOf(services: DirectDebitServices, payer: Payer) {
  authorize(payer.viewer, 'payment.start');
  const last = await lastPaidPayment(services, payer.viewer.id);
  if (!last) return null;
  const offers = await creditOffers(services, payer);
  const offer = offers.packages.find((p) => p.id === last.packageId);
  if (!offer) return null;
  return {
    payment_id: last.id,
    package: offer.id,
    credits: offer.credits,
    amount: offer.amount,
    currency: offer.currency,
    method: last.method,
    stored_mandate: storedMandateOf(services, last) !== null,
  };
}

/**
 * POST /api/repeat-order.php: buys the package of one of the member's own paid payments again with
 * its method (another member's payment answers like none). On a stored mandate it is charged with
 * no checkout page (pending, then completed by the provider's notice on the same return page); a
 * direct debit passes the block and the limit in the payment's transaction. Without a stored
 * mandate it goes to the checkout like any purchase, a direct debit to the mandate form.
 */
export async function startRepeatOrder(
  services: DirectDebitServices,
  payer: Payer,
  paymentId: string,
): Promise<{ payment_id: string | null; next_url: string }> {
  authorize(payer.viewer, 'payment.start');
  if (!z.uuid().safeParse(paymentId).success) throw nothingToRepeat();
  const [repeated] = await services.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')));
  if (!repeated) throw nothingToRepeat();
  authorize(payer.viewer, 'payment.repeat', { ownerId: repeated.userId });
  const packageId = PackageIdSchema.safeParse(repeated.packageId);
  if (!packageId.success) throw nothingToRepeat();
  const choice = { packageId: packageId.data, method: repeated.method };
  const mandate = storedMandateOf(services, repeated);
  if (!mandate && repeated.method === 'sdd')
    return { payment_id: null, next_url: `/directdebit?package=${repeated.packageId}` };
  const values = await services.settings.getValues(payer.domain);
  const started = await startPayment(services, payer, choice, {
    ...(mandate ? { mandate } : {}),
    ...(repeated.method === 'sdd' ? { guard: directDebitGuard(services, payer.viewer.id, values) } : {}),
  });
  return { payment_id: started.payment.id, next_url: started.checkoutUrl ?? started.returnPath };
}
