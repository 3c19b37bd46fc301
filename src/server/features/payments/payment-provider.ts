import type { Currency, PaymentMethod, PaymentStatus } from '../../../shared/contracts/payments.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';

/** An amount in the currency's smallest unit (cents, grosze): never a float. */
export type Money = { cents: number; currency: Currency };

export type CreatePaymentRequest = {
  /** Our payment's id: the provider keeps it as metadata, and the webhook's fetch returns it. */
  reference: string;
  amount: Money;
  method: PaymentMethod;
  /** What the buyer's statement and the checkout show, e.g. "Liefdesplein 600 credits". */
  description: string;
  locale: Locale;
  /** Where the buyer's browser returns (the return page; it never grants anything). */
  redirectUrl: string;
  /** Where the provider posts its notice (an id only; the server then fetches the payment). */
  webhookUrl: string;
  /** The provider's customer of this member, for a stored mandate (repeat order), when it has one. */
  customerId?: string;
};

export type CreatedPayment = {
  providerPaymentId: string;
  /** The provider's checkout page; null when no page is needed (a stored mandate is charged). */
  checkoutUrl: string | null;
  status: PaymentStatus;
};

/** A payment as the provider reports it when asked (after a webhook, or by the pending re-check). */
export type ProviderPayment = {
  providerPaymentId: string;
  status: PaymentStatus;
  amount: Money;
  /** The method actually used (a card payment may report visa or mastercard), when known. */
  method: PaymentMethod | null;
  paidAt: Date | null;
  /** Why it failed, in the provider's words, for the member's retry screen and the back office. */
  failureReason: string | null;
  /** A stored mandate or card the provider can charge again (repeat order), when it made one. */
  mandateId: string | null;
  customerId: string | null;
  /**
   * Money that went back after the payment was paid, cumulative (decision 0035): refunded by the
   * operator, or charged back by the buyer's bank (a SEPA reversal, a card dispute). The payment
   * stays paid; absent means none (a provider that never reports them).
   */
  amountRefunded?: Money;
  amountChargedBack?: Money;
};

/**
 * A payment provider: the built-in test gateway (the default, for the demo and the tests) or a
 * real one (Mollie). Which methods each takes is its own (`methods`); the catalogue offers a
 * member only methods that the configured provider takes for their country and currency.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'mollie';
  /** The methods this provider takes (Mollie no longer offers giropay or Sofort, for instance). */
  readonly methods: ReadonlySet<PaymentMethod>;
  /** Whether it takes this method in this currency (Mollie takes paysafecard in euros only, …). */
  takes(method: PaymentMethod, currency: Currency): boolean;
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
}

/**
 * What getPayment throws when the provider does not know the id (a forged or mistyped webhook):
 * the webhook then answers 200 as for any other id, and nothing changes.
 */
export class ProviderPaymentNotFound extends Error {
  constructor(providerPaymentId: string) {
    super(`the provider knows no payment ${providerPaymentId}`);
    this.name = 'ProviderPaymentNotFound';
  }
}
