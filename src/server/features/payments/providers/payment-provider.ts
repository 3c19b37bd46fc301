import type { Currency, PaymentMethod, PaymentStatus } from '../../../../shared/contracts/payments.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';

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
  /**
   * How the payment stands to a mandate (docs/decisions/0033): `first` makes one when paid (a card or
   * PayPal at the checkout, for later repeat orders; needs `customerId`), `recurring` charges the
   * stored `mandateId` of `customerId` with no checkout page. Left out: `recurring` when a
   * `customerId` is given (the first slice's meaning), else a one-off payment.
   */
  sequenceType?: SequenceType;
  /** The stored mandate a recurring payment charges. */
  mandateId?: string;
};

type SequenceType = 'oneoff' | 'first' | 'recurring';

/** The sequence a request asks for (its explicit one, else recurring with a customer, else one-off). */
export const sequenceOf = (request: Pick<CreatePaymentRequest, 'sequenceType' | 'customerId'>) =>
  request.sequenceType ?? (request.customerId ? 'recurring' : 'oneoff');

/** A customer at the provider: who the mandates belong to (Mollie's cst_…). */
export type CreateCustomerRequest = {
  name: string;
  email: string;
  locale: Locale;
  /** Our member's id, kept by the provider as metadata. */
  reference: string;
};

/** A SEPA direct-debit mandate the member signed on our form (by SMS code), for the provider to keep. */
export type DirectDebitMandateRequest = {
  customerId: string;
  /** The account holder's name as typed. */
  consumerName: string;
  /** The IBAN, electronic format. */
  iban: string;
  /** When it was signed, YYYY-MM-DD. */
  signatureDate: string;
  /** Our unique mandate reference (banks refuse a debit whose reference is not unique). */
  mandateReference: string;
};

export type ProviderMandate = {
  mandateId: string;
  customerId: string;
  method: 'directdebit' | 'creditcard' | 'paypal';
  status: 'valid' | 'pending' | 'invalid';
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
  /**
   * Mandates (docs/decisions/0033): a provider that keeps them makes customers and takes a signed
   * SEPA mandate; one without them leaves both out, and then neither direct debit nor a stored
   * mandate is offered through it.
   */
  createCustomer?(request: CreateCustomerRequest): Promise<{ customerId: string }>;
  createDirectDebitMandate?(request: DirectDebitMandateRequest): Promise<ProviderMandate>;
}

/** Whether a provider keeps customers and mandates (direct debit, repeat orders on a stored mandate). */
export const keepsMandates = (
  provider: PaymentProvider,
): provider is PaymentProvider &
  Required<Pick<PaymentProvider, 'createCustomer' | 'createDirectDebitMandate'>> =>
  typeof provider.createCustomer === 'function' && typeof provider.createDirectDebitMandate === 'function';

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
