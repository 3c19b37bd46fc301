import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { PaymentMethod } from '../../../../shared/contracts/payments.ts';
import { directDebitMandates, payments, users } from '../../../db/schema/index.ts';
import type { AppServices } from '../../../services.ts';
import { CARD_MANDATE_METHODS } from '../checkout/payment-methods.catalogue.ts';
import type { Payer } from '../checkout/payments.service.ts';
import { keepsMandates } from './payment-provider.ts';
import { paymentProviderOf } from './provider-choice.ts';

type CustomerServices = Pick<AppServices, 'env' | 'db' | 'now' | 'enqueue' | 'log' | 'state'>;

/** Where a member's customer may already be named, in the order asked: their payments, then their mandates. */
const CUSTOMER_SOURCES = [
  {
    table: payments,
    userId: payments.userId,
    provider: payments.provider,
    customerId: payments.customerId,
    createdAt: payments.createdAt,
  },
  {
    table: directDebitMandates,
    userId: directDebitMandates.userId,
    provider: directDebitMandates.provider,
    customerId: directDebitMandates.providerCustomerId,
    createdAt: directDebitMandates.createdAt,
  },
] as const;

/**
 * The member's customer at the configured provider (docs/decisions/0033): the one a payment or a
 * mandate of theirs already names, else a new one made now. Two first purchases at once may make
 * two customers; each payment keeps its own, and later ones reuse the newest.
 */
export async function ensureCustomer(services: CustomerServices, payer: Payer): Promise<string> {
  const provider = paymentProviderOf(services);
  if (!keepsMandates(provider)) throw new Error(`the provider ${provider.name} keeps no customers`);
  for (const source of CUSTOMER_SOURCES) {
    const [named] = await services.db
      .select({ customerId: source.customerId })
      .from(source.table)
      .where(
        and(
          eq(source.userId, payer.viewer.id),
          eq(source.provider, provider.name),
          isNotNull(source.customerId),
        ),
      )
      .orderBy(desc(source.createdAt))
      .limit(1);
    if (named?.customerId) return named.customerId;
  }
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
