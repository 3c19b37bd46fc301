import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { PaymentMethod } from '../../../../shared/contracts/payments.ts';
import { directDebitMandates, payments, users } from '../../../db/schema/index.ts';
import type { AppServices } from '../../../services.ts';
import { CARD_MANDATE_METHODS } from '../checkout/payment-methods.catalogue.ts';
import type { Payer } from '../checkout/payments.service.ts';
import { keepsMandates } from './payment-provider.ts';
import { paymentProviderOf } from './provider-choice.ts';

type CustomerServices = Pick<AppServices, 'env' | 'db' | 'now' | 'enqueue' | 'log' | 'state'>;

/**
 * The member's customer at the configured provider (docs/decisions/0033): the one a payment or a
 * mandate of theirs already names, else a new one made now. Two first purchases at once may make
 * two customers; each payment keeps its own, and later ones reuse the newest.
 */
export async function ensureCustomer(services: CustomerServices, payer: Payer): Promise<string> {
  const provider = paymentProviderOf(services);
  if (!keepsMandates(provider)) throw new Error(`the provider ${provider.name} keeps no customers`);
  const [fromPayment] = await services.db
    .select({ customerId: payments.customerId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, payer.viewer.id),
        eq(payments.provider, provider.name),
        isNotNull(payments.customerId),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (fromPayment?.customerId) return fromPayment.customerId;
  const [fromMandate] = await services.db
    .select({ customerId: directDebitMandates.providerCustomerId })
    .from(directDebitMandates)
    .where(
      and(
        eq(directDebitMandates.userId, payer.viewer.id),
        eq(directDebitMandates.provider, provider.name),
        isNotNull(directDebitMandates.providerCustomerId),
      ),
    )
    .orderBy(desc(directDebitMandates.createdAt))
    .limit(1);
  if (fromMandate?.customerId) return fromMandate.customerId;
  const [member] = await services.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, payer.viewer.id));
  const { customerId } = await provider.createCustomer({
    name: member?.name ?? `member ${payer.viewer.id}`,
    email: member?.email ?? '',
    locale: payer.locale,
    reference: String(payer.viewer.id),
  });
  return customerId;
}

/**
 * The customer a card or PayPal checkout is the first payment of, so it leaves a mandate for repeat
 * orders; null for other methods or a provider without mandates. A provider that cannot make the
 * customer costs the member nothing: the purchase goes on as a one-off payment.
 */
export async function firstPaymentCustomer(
  services: CustomerServices,
  payer: Payer,
  method: PaymentMethod,
): Promise<string | null> {
  if (!CARD_MANDATE_METHODS.has(method) || !keepsMandates(paymentProviderOf(services))) return null;
  try {
    return await ensureCustomer(services, payer);
  } catch (error) {
    services.log.warn({ err: error }, 'no provider customer for a first payment: a one-off payment instead');
    return null;
  }
}
