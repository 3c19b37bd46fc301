import {
  createMollieClient,
  MollieApiError,
  type MollieClient,
  type Payment,
  type PaymentCreateParams,
} from '@mollie/api-client';
import {
  CURRENCIES,
  type Currency,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../../shared/contracts/payments.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import type { Env } from '../../../env.ts';
import {
  type CreateCustomerRequest,
  type CreatedPayment,
  type CreatePaymentRequest,
  type DirectDebitMandateRequest,
  type Money,
  type PaymentProvider,
  type ProviderMandate,
  type ProviderPayment,
  ProviderPaymentNotFound,
  sequenceOf,
} from './payment-provider.ts';

/**
 * Mollie's method for each of our 18 that Mollie still takes (decision 0031). All card brands go to
 * Mollie's one `creditcard` method: the buyer types the card on Mollie's page, and Mollie tells the
 * brand afterwards (details.cardLabel). Left out, so never offered through Mollie:
 * - giropay: Mollie ended it in 2024 (the client lists it under HistoricPaymentMethod);
 * - sofort: Mollie ended it in 2025 (same);
 * - nexi: an Italian acquirer and card network Mollie offers no method for (Italian buyers pay
 *   by card, which Mollie's creditcard covers, Postepay included).
 */
const MOLLIE_METHOD = {
  ideal: 'ideal',
  bancontact: 'bancontact',
  creditcard: 'creditcard',
  visa: 'creditcard',
  mastercard: 'creditcard',
  maestro: 'creditcard',
  cartebancaire: 'creditcard',
  paypal: 'paypal',
  prezelewy24: 'przelewy24',
  eps: 'eps',
  sct: 'banktransfer',
  sdd: 'directdebit',
  applepay: 'applepay',
  paysafecard: 'paysafecard',
  blik: 'blik',
} as const satisfies Partial<Record<PaymentMethod, string>>;

type MollieMethodName = (typeof MOLLIE_METHOD)[keyof typeof MOLLIE_METHOD];

/** The methods Mollie takes: the 18 less giropay, sofort and nexi. */
export const MOLLIE_METHODS: ReadonlySet<PaymentMethod> = new Set(
  PAYMENT_METHODS.filter((method) => method in MOLLIE_METHOD),
);

/**
 * The currencies Mollie takes per method, among ours (Mollie's multicurrency table): cards, Apple
 * Pay and PayPal take all eight; the bank methods only their country's. For the catalogue, which
 * must not offer a method the provider would refuse for the member's currency.
 */
const MOLLIE_METHOD_CURRENCIES: Readonly<Record<MollieMethodName, readonly Currency[]>> = {
  ideal: ['EUR'],
  bancontact: ['EUR'],
  creditcard: CURRENCIES,
  paypal: CURRENCIES,
  przelewy24: ['PLN', 'EUR'],
  eps: ['EUR'],
  banktransfer: ['EUR'],
  directdebit: ['EUR'],
  applepay: CURRENCIES,
  paysafecard: ['EUR'],
  blik: ['PLN'],
};

/** Whether Mollie takes this method in this currency. */
export function mollieTakes(method: PaymentMethod, currency: Currency): boolean {
  const mollie = mollieMethodOf(method);
  return mollie !== null && MOLLIE_METHOD_CURRENCIES[mollie].includes(currency);
}

function mollieMethodOf(method: PaymentMethod): MollieMethodName | null {
  return (MOLLIE_METHOD as Partial<Record<PaymentMethod, MollieMethodName>>)[method] ?? null;
}

/** Mollie's locale for the checkout page, from the site's language. */
const MOLLIE_LOCALE = {
  nl: 'nl_NL',
  de: 'de_DE',
  en: 'en_US',
  es: 'es_ES',
  fr: 'fr_FR',
  it: 'it_IT',
  pl: 'pl_PL',
} as const satisfies Record<Locale, string>;

/**
 * Mollie's payment status → ours. `authorized` (a card or Klarna payment held, not yet captured)
 * is pending for us: no money has moved, so nothing may be granted yet.
 */
const STATUS_FROM_MOLLIE: Readonly<Record<string, PaymentStatus>> = {
  open: 'open',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  canceled: 'canceled',
  expired: 'expired',
  failed: 'failed',
};

/** Integer cents → Mollie's `{ currency, value: "10.00" }`, by string so no float ever rounds. */
export function toMollieAmount({ cents, currency }: Money): { currency: Currency; value: string } {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new MollieProviderError('invalid_request', `An amount must be whole cents, not ${cents}.`);
  }
  const digits = String(cents).padStart(3, '0');
  return { currency, value: `${digits.slice(0, -2)}.${digits.slice(-2)}` };
}

/** Mollie's amount → integer cents; refuses anything that is not exactly two decimals of ours. */
export function fromMollieAmount(amount: { currency: string; value: string }): Money {
  const match = /^(\d+)\.(\d{2})$/.exec(amount.value);
  const currency = CURRENCIES.find((c) => c === amount.currency);
  if (!match || !currency) {
    throw new MollieProviderError(
      'unexpected_response',
      `Mollie reported an amount we cannot read: ${amount.currency} ${amount.value}.`,
    );
  }
  const cents = Number(match[1]) * 100 + Number(match[2]);
  if (!Number.isSafeInteger(cents)) {
    throw new MollieProviderError(
      'unexpected_response',
      `Mollie reported an amount too large: ${amount.value}.`,
    );
  }
  return { cents, currency };
}

export type MollieProviderErrorCode =
  /** The method is one Mollie does not take (giropay, sofort, nexi): refused before any call. */
  | 'method_unsupported'
  /** Mollie refused the request (422, 400): a bad amount, currency for the method, URL... */
  | 'invalid_request'
  /** The API key was refused (401, 403): a configuration fault, not the buyer's. */
  | 'unauthorized'
  | 'not_found'
  /** Mollie could not be reached, answered 5xx after the client's retries, or said nothing we read. */
  | 'unavailable'
  | 'unexpected_response';

/**
 * What the Mollie provider throws. The message is Mollie's own detail (never the API key, never a
 * request header); `field` names the parameter Mollie refused, when it said.
 */
export class MollieProviderError extends Error {
  readonly code: MollieProviderErrorCode;
  readonly httpStatus: number | undefined;
  readonly field: string | undefined;
  constructor(
    code: MollieProviderErrorCode,
    message: string,
    options: { httpStatus?: number; field?: string } = {},
  ) {
    super(message);
    this.name = 'MollieProviderError';
    this.code = code;
    this.httpStatus = options.httpStatus;
    this.field = options.field;
  }
}

export type MollieProviderOptions = {
  /** `test_…` or `live_…`, from MOLLIE_API_KEY. */
  apiKey: string;
  /** Another API base (the tests' local double, a staging proxy); HTTPS only: the client speaks no HTTP. */
  apiEndpoint?: string | undefined;
};

/**
 * A payment as Mollie reports it: always with the money that went back after it was paid. Mollie
 * keeps such a payment `paid` and reports the refund or the chargeback (a card dispute, a SEPA
 * reversal) in these amounts, which the core applies (decision 0035).
 */
type MollieProviderPayment = ProviderPayment & {
  /** Refunded to the buyer so far (through Mollie's dashboard or API); 0 cents when none. */
  amountRefunded: Money;
  /** Taken back by the buyer's bank or card issuer; 0 cents when none. */
  amountChargedBack: Money;
};

export interface MollieProvider extends PaymentProvider {
  getPayment(providerPaymentId: string): Promise<MollieProviderPayment>;
  createCustomer(request: CreateCustomerRequest): Promise<{ customerId: string }>;
  createDirectDebitMandate(request: DirectDebitMandateRequest): Promise<ProviderMandate>;
}

/** Mollie through its own client (decision 0031). */
export function createMollieProvider(options: MollieProviderOptions): MollieProvider {
  const client: MollieClient = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
    // Shows in Mollie's logs which integration called (its User-Agent).
    versionStrings: 'Liefdesplein/1',
  });
  const call = <T>(what: string, run: () => Promise<T>) =>
    run().catch((error) => rethrow(what, error, options.apiKey));

  return {
    name: 'mollie',
    methods: MOLLIE_METHODS,
    takes: mollieTakes,

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      const method = mollieMethodOf(request.method);
      if (method === null) {
        throw new MollieProviderError(
          'method_unsupported',
          `Mollie does not take the payment method "${request.method}".`,
          { field: 'method' },
        );
      }
      const params: PaymentCreateParams = {
        amount: toMollieAmount(request.amount),
        description: request.description,
        redirectUrl: request.redirectUrl,
        webhookUrl: request.webhookUrl,
        locale: MOLLIE_LOCALE[request.locale] as PaymentCreateParams['locale'],
        method: method as PaymentCreateParams['method'],
        metadata: { reference: request.reference },
        // `first` makes a mandate at the checkout; `recurring` charges a stored one with no checkout
        // page (a repeat order, a signed direct debit); decision 0033.
        ...(request.customerId
          ? {
              customerId: request.customerId,
              sequenceType: sequenceOf(request) as PaymentCreateParams['sequenceType'],
              ...(request.mandateId ? { mandateId: request.mandateId } : {}),
            }
          : {}),
      };
      const payment = await call('create a payment', () => client.payments.create(params));
      return {
        providerPaymentId: payment.id,
        checkoutUrl: payment.getCheckoutUrl() ?? null,
        status: statusOf(payment.status),
      };
    },

    async createCustomer(request: CreateCustomerRequest) {
      const customer = await call('create a customer', () =>
        client.customers.create({
          name: request.name,
          email: request.email,
          locale: MOLLIE_LOCALE[request.locale] as Parameters<
            MollieClient['customers']['create']
          >[0]['locale'],
          metadata: { reference: request.reference },
        }),
      );
      return { customerId: customer.id };
    },

    async createDirectDebitMandate(request: DirectDebitMandateRequest): Promise<ProviderMandate> {
      const mandate = await call('create a mandate', () =>
        client.customerMandates.create({
          customerId: request.customerId,
          method: 'directdebit' as Parameters<MollieClient['customerMandates']['create']>[0]['method'],
          consumerName: request.consumerName,
          consumerAccount: request.iban,
          signatureDate: request.signatureDate,
          mandateReference: request.mandateReference,
        }),
      );
      return {
        mandateId: mandate.id,
        customerId: request.customerId,
        method: mandate.method as ProviderMandate['method'],
        status: mandate.status as ProviderMandate['status'],
      };
    },

    async getPayment(providerPaymentId: string): Promise<MollieProviderPayment> {
      // Mollie's ids are tr_…; anything else is no payment of Mollie's, so no call is made.
      if (!/^tr_[A-Za-z0-9]+$/.test(providerPaymentId)) throw new ProviderPaymentNotFound(providerPaymentId);
      const payment = await call('fetch a payment', () => client.payments.get(providerPaymentId)).catch(
        (error: unknown) => {
          // The interface's "no such payment" (the webhook answers a forged id like any other).
          if (error instanceof MollieProviderError && error.code === 'not_found') {
            throw new ProviderPaymentNotFound(providerPaymentId);
          }
          throw error;
        },
      );
      return providerPaymentOf(payment);
    },
  };
}

function statusOf(status: string): PaymentStatus {
  const ours = STATUS_FROM_MOLLIE[status];
  if (!ours)
    throw new MollieProviderError('unexpected_response', `Mollie reported an unknown status "${status}".`);
  return ours;
}

/** Reads the details Mollie fills per method; every one is optional. */
type MollieDetails = {
  cardLabel?: string | null;
  feeRegion?: string | null;
  wallet?: string;
  failureReason?: string;
  failureMessage?: string;
  bankReason?: string;
};

function providerPaymentOf(payment: Payment): MollieProviderPayment {
  const details = (payment.details ?? {}) as MollieDetails;
  const amount = fromMollieAmount(payment.amount);
  const back = (value: { currency: string; value: string } | undefined) =>
    value ? fromMollieAmount(value) : { cents: 0, currency: amount.currency };
  const statusReason = (payment as { statusReason?: { code?: string; message?: string } }).statusReason;
  return {
    providerPaymentId: payment.id,
    status: statusOf(payment.status),
    amount,
    method: methodFromMollie(payment.method ?? null, details),
    paidAt: payment.paidAt ? new Date(payment.paidAt) : null,
    failureReason:
      statusReason?.message ??
      details.failureMessage ??
      details.bankReason ??
      details.failureReason ??
      statusReason?.code ??
      null,
    mandateId: payment.mandateId ?? null,
    customerId: payment.customerId ?? null,
    amountRefunded: back(payment.amountRefunded),
    amountChargedBack: back(payment.amountChargedBack),
  };
}

/** Mollie's method (and, for cards, the brand it saw) → ours; null for one we do not list. */
function methodFromMollie(method: string | null, details: MollieDetails = {}): PaymentMethod | null {
  switch (method) {
    case null:
      return null;
    case 'creditcard': {
      if (details.wallet === 'applepay') return 'applepay';
      if (details.feeRegion === 'carte-bancaire' || details.cardLabel === 'Carte Bleue')
        return 'cartebancaire';
      const brand = { Visa: 'visa', Mastercard: 'mastercard', Maestro: 'maestro' } as const;
      return brand[details.cardLabel as keyof typeof brand] ?? 'creditcard';
    }
    case 'przelewy24':
      return 'prezelewy24';
    case 'banktransfer':
      return 'sct';
    case 'directdebit':
      return 'sdd';
    // Payments made before Mollie ended these still report them.
    case 'giropay':
    case 'sofort':
      return method;
    default:
      return (PAYMENT_METHODS as readonly string[]).includes(method) ? (method as PaymentMethod) : null;
  }
}

/** The client's errors → ours, with the API key scrubbed from anything that could echo it. */
function rethrow(what: string, error: unknown, apiKey: string): never {
  const scrub = (text: string) => text.split(apiKey).join('[api key]');
  if (error instanceof MollieProviderError) throw error;
  if (error instanceof MollieApiError) {
    const status = error.statusCode;
    const detail = scrub(error.message);
    const field = error.field ?? undefined;
    const code: MollieProviderErrorCode =
      status === 401 || status === 403
        ? 'unauthorized'
        : status === 404 || status === 410
          ? 'not_found'
          : status !== undefined && status >= 400 && status < 500
            ? 'invalid_request'
            : 'unavailable';
    const message =
      code === 'unauthorized'
        ? `Mollie refused the API key (MOLLIE_API_KEY) when asked to ${what}: ${detail}`
        : `Mollie could not ${what}: ${detail}${field ? ` (field ${field})` : ''}`;
    throw new MollieProviderError(code, message, { httpStatus: status, field });
  }
  const message = error instanceof Error ? scrub(error.message) : 'unknown error';
  throw new MollieProviderError('unavailable', `Mollie could not be reached to ${what}: ${message}`);
}

/** The provider the core uses when MOLLIE_API_KEY is set; null keeps the built-in test gateway. */
export function molliePaymentProviderFromEnv(env: Pick<Env, 'mollie'>): MollieProvider | null {
  return env.mollie ? createMollieProvider(env.mollie) : null;
}

/**
 * The payment id of a Mollie webhook notice, or null when it is not one. Mollie posts
 * `id=tr_…` form-encoded and nothing else, unsigned: the id is only a hint of which payment to
 * fetch (`getPayment`), so anything but a well-formed payment id is dropped before any call.
 * Takes the raw body or the parsed form (`{ id }`).
 */
export function mollieWebhookPaymentId(body: unknown): string | null {
  const id =
    typeof body === 'string'
      ? new URLSearchParams(body).get('id')
      : body !== null && typeof body === 'object' && 'id' in body
        ? (body as { id: unknown }).id
        : null;
  return typeof id === 'string' && /^tr_[A-Za-z0-9]{5,32}$/.test(id) ? id : null;
}
