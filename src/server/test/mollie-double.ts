import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply } from 'fastify';
import { isValidIBAN } from 'ibantools';
import { closeWhenDone } from './lifetime.ts';

/**
 * A local stand-in of the Mollie Payments API v2 (decision 0031): the real `@mollie/api-client`
 * talks to it over real HTTPS, so the tests cover our adapter and the client's own request and
 * response handling, not a mock of either. It checks what Mollie checks on the calls we make
 * (the API key, the amount's format and currency, the method, the URLs) and answers in Mollie's
 * shapes: payment objects with `_links.checkout`, and errors as `{ status, title, detail, field,
 * _links }` (application/hal+json).
 *
 * Tests drive a payment through its life with `setStatus`, `refund` and `chargeback` (or
 * `POST /_double/payments/:id/{status,refund,chargeback}`), which, like Mollie, then post
 * `id=tr_…` form-encoded to the payment's webhookUrl.
 *
 * HTTPS because the Mollie client only speaks HTTPS (it passes an https.Agent, which refuses
 * http: URLs). Its certificate is a self-signed one made for this double alone, and the client
 * trusts only its own CA bundle, so a test must accept it: see `acceptDoubleCertificate`.
 */

// A self-signed P-256 certificate for 127.0.0.1/localhost, valid until 2126, made for this double
// (openssl req -x509 -newkey ec). Not a secret: it protects nothing and nothing else trusts it.
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgiiu/SC3pSSMpcROX
JUh8L6s6xUy2VSBEandPyMxR22yhRANCAASiTH/9SsssjkuURVel3J+WXs1iGgHp
zuh2Ycc7gdrNIKR1sBBSNzYdhsRxDP74lGdnk4GYPO0ZWrDXOXWzR5T1
-----END PRIVATE KEY-----
`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBrTCCAVOgAwIBAgIUMh6dQjL3IES9rEJ8bM9yYYhn/NYwCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSbW9sbGllLWRvdWJsZS50ZXN0MCAXDTI2MTEyNTAwMjgxMloY
DzIxMjYxMTAxMDAyODEyWjAdMRswGQYDVQQDDBJtb2xsaWUtZG91YmxlLnRlc3Qw
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASiTH/9SsssjkuURVel3J+WXs1iGgHp
zuh2Ycc7gdrNIKR1sBBSNzYdhsRxDP74lGdnk4GYPO0ZWrDXOXWzR5T1o28wbTAd
BgNVHQ4EFgQUM0Ofvhn+suq7boaIBlNMOqPPBTowHwYDVR0jBBgwFoAUM0Ofvhn+
suq7boaIBlNMOqPPBTowDwYDVR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAAB
gglsb2NhbGhvc3QwCgYIKoZIzj0EAwIDSAAwRQIgVbNlIr+o5SxUcLD+7A5uAqCV
k3AKd63l1PkVyoYDVE0CIQC4ok/iSNbpMfPNXcbqV4enWOEoaQ8qN4M6C1mUpTJG
Jg==
-----END CERTIFICATE-----
`;

/**
 * The Mollie client pins its own CA bundle, so it cannot be told to trust the double's certificate
 * alone; the test process turns certificate checks off while the double runs (Node reads this at
 * each TLS connection) and puts them back after. Call in beforeAll, call the returned function in
 * afterAll. Test processes only: nothing in src/server/ outside tests may call this.
 */
function acceptDoubleCertificate(): () => void {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  };
}

export type MollieStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';

type Amount = { currency: string; value: string };

/** A payment as the double keeps it: Mollie's JSON fields, minus `_links`, which are built per answer. */
type DoublePayment = {
  resource: 'payment';
  id: string;
  mode: 'test' | 'live';
  createdAt: string;
  amount: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  status: MollieStatus;
  isCancelable: boolean;
  expiresAt?: string;
  paidAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  failedAt?: string;
  authorizedAt?: string;
  profileId: string;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  redirectUrl?: string;
  webhookUrl?: string;
  locale?: string;
  customerId?: string;
  mandateId?: string;
  details?: Record<string, unknown>;
  amountRefunded?: Amount;
  amountRemaining?: Amount;
  amountChargedBack?: Amount;
};

/** A customer as Mollie keeps it (Customers API). */
type DoubleCustomer = {
  resource: 'customer';
  id: string;
  mode: 'test' | 'live';
  name: string | null;
  email: string | null;
  locale: string | null;
  metadata: unknown;
  createdAt: string;
};

/** A mandate as Mollie keeps it (Mandates API): directdebit from our form, creditcard/paypal from a first payment. */
type DoubleMandate = {
  resource: 'mandate';
  id: string;
  mode: 'test' | 'live';
  status: 'valid' | 'pending' | 'invalid';
  method: 'directdebit' | 'creditcard' | 'paypal';
  details: Record<string, unknown>;
  mandateReference: string | null;
  signatureDate: string;
  createdAt: string;
  customerId: string;
};

type RecordedRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  userAgent: string | undefined;
  body: unknown;
};

type SetStatusOptions = {
  /** The method the buyer chose on the checkout, when the payment was created without one. */
  method?: string;
  /** For card payments: the brand Mollie saw (details.cardLabel), e.g. Visa, Mastercard, Maestro. */
  cardLabel?: string;
  /** details.failureReason (a code such as insufficient_funds) for a failed payment. */
  failureReason?: string;
  /** details.failureMessage, Mollie's words for the failure. */
  failureMessage?: string;
  /** Post the webhook (the default, as Mollie does on every status change). */
  notify?: boolean;
};

export type MollieDouble = {
  /** The base to give the client as `apiEndpoint`, e.g. https://127.0.0.1:41234/v2/. */
  apiEndpoint: string;
  /** The base of the double itself (test hooks under /_double). */
  origin: string;
  apiKey: string;
  requests: RecordedRequest[];
  payments: Map<string, DoublePayment>;
  customers: Map<string, DoubleCustomer>;
  mandates: Map<string, DoubleMandate>;
  /** Makes a mandate invalid (a card expired, an account closed): later recurring charges are refused. */
  revokeMandate(id: string): void;
  /** Moves a payment to a status; posts the webhook unless told not to. Returns the webhook's HTTP status. */
  setStatus(id: string, status: MollieStatus, options?: SetStatusOptions): Promise<number | null>;
  /** Refunds part or all (the default) of a paid payment, which stays paid, as at Mollie; posts the webhook. */
  refund(id: string, cents?: number, options?: { notify?: boolean }): Promise<number | null>;
  /** A chargeback (card dispute, SEPA reversal) of part or all of a paid payment; posts the webhook. */
  chargeback(id: string, cents?: number, options?: { notify?: boolean }): Promise<number | null>;
  close(): Promise<void>;
};

/** The currencies Mollie takes at all (ours among them), and those only some methods take. */
const CURRENCIES = new Set([
  'EUR',
  'PLN',
  'CHF',
  'GBP',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'DKK',
  'SEK',
  'NOK',
  'CZK',
]);
const METHOD_CURRENCIES: Record<string, readonly string[] | 'all'> = {
  ideal: ['EUR'],
  bancontact: ['EUR'],
  eps: ['EUR'],
  banktransfer: ['EUR'],
  directdebit: ['EUR'],
  paysafecard: ['EUR'],
  przelewy24: ['PLN', 'EUR'],
  blik: ['PLN'],
  creditcard: 'all',
  paypal: 'all',
  applepay: 'all',
  belfius: ['EUR'],
  kbc: ['EUR'],
  trustly: ['EUR'],
  mybank: ['EUR'],
  satispay: ['EUR'],
  bancomatpay: ['EUR'],
  twint: ['CHF'],
};
/** Methods Mollie ended: still in old payments, refused for new ones. */
const ENDED_METHODS = new Set(['giropay', 'sofort', 'inghomepay', 'bitcoin']);
const LOCALES = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'fr_FR',
  'fr_BE',
  'fr_LU',
  'de_DE',
  'de_AT',
  'de_CH',
  'de_LU',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
]);
const ERROR_TITLES: Record<number, string> = {
  401: 'Unauthorized Request',
  404: 'Not Found',
  422: 'Unprocessable Entity',
};

const token = (length: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
};

/** A fresh API key of Mollie's test shape. */
export const doubleApiKey = () => `test_${token(30)}`;

const isUrl = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

class MollieRefusal {
  status: number;
  detail: string;
  field: string | undefined;
  constructor(status: number, detail: string, field?: string) {
    this.status = status;
    this.detail = detail;
    this.field = field;
  }
}

function sendError(reply: FastifyReply, status: number, detail: string, field?: string) {
  return reply
    .code(status)
    .type('application/hal+json; charset=utf-8')
    .send({
      status,
      title: ERROR_TITLES[status] ?? 'Error',
      detail,
      ...(field ? { field } : {}),
      _links: {
        documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' },
      },
    });
}

/** Checks a create-payment body the way Mollie does for the fields we send; throws the 422. */
function validateCreate(body: Record<string, unknown>): void {
  const amount = body.amount as Partial<Amount> | undefined;
  if (!amount || typeof amount !== 'object')
    throw new MollieRefusal(422, 'The amount is required for payments', 'amount');
  if (typeof amount.currency !== 'string' || !CURRENCIES.has(amount.currency)) {
    throw new MollieRefusal(422, 'The amount contains an invalid currency', 'amount.currency');
  }
  if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
    throw new MollieRefusal(422, 'The amount contains an invalid value', 'amount.value');
  }
  const sequenceType = body.sequenceType ?? 'oneoff';
  if (!['oneoff', 'first', 'recurring'].includes(sequenceType as string)) {
    throw new MollieRefusal(422, 'The sequence type is invalid', 'sequenceType');
  }
  if (Number(amount.value) < 0.01 && sequenceType !== 'first') {
    throw new MollieRefusal(422, 'The amount is lower than the minimum', 'amount');
  }
  if (typeof body.description !== 'string' || body.description.trim() === '') {
    throw new MollieRefusal(422, 'The description is required', 'description');
  }
  if (body.description.length > 255) {
    throw new MollieRefusal(422, 'The description is too long', 'description');
  }
  if (sequenceType !== 'recurring' && body.redirectUrl === undefined) {
    throw new MollieRefusal(422, 'The redirect URL is required', 'redirectUrl');
  }
  if (body.redirectUrl !== undefined && !isUrl(body.redirectUrl)) {
    throw new MollieRefusal(422, 'The redirect URL is invalid', 'redirectUrl');
  }
  if (body.webhookUrl !== undefined && !isUrl(body.webhookUrl)) {
    throw new MollieRefusal(422, 'The webhook URL is invalid', 'webhookUrl');
  }
  if (body.locale !== undefined && !LOCALES.has(body.locale as string)) {
    throw new MollieRefusal(422, 'The locale is invalid', 'locale');
  }
  if (body.metadata !== undefined && JSON.stringify(body.metadata).length > 1024) {
    throw new MollieRefusal(
      422,
      'The metadata is too large, it should be at most 1024 characters',
      'metadata',
    );
  }
  if (sequenceType === 'recurring' && !/^cst_\w+$/.test(String(body.customerId ?? ''))) {
    throw new MollieRefusal(422, 'A customer is required for recurring payments', 'customerId');
  }
  if (sequenceType === 'first' && !/^cst_\w+$/.test(String(body.customerId ?? ''))) {
    throw new MollieRefusal(422, 'A customer is required for a first payment', 'customerId');
  }
  if (body.method !== undefined && body.method !== null) {
    const method = String(body.method);
    if (ENDED_METHODS.has(method)) {
      throw new MollieRefusal(422, `The payment method ${method} is no longer available`, 'method');
    }
    const currencies = METHOD_CURRENCIES[method];
    if (!currencies) throw new MollieRefusal(422, 'The payment method is invalid', 'method');
    if (currencies !== 'all' && !currencies.includes(amount.currency)) {
      throw new MollieRefusal(
        422,
        `The currency ${amount.currency} is not supported by the payment method ${method}`,
        'amount.currency',
      );
    }
  }
}

/** Starts the double on a random port of 127.0.0.1. */
export async function startMollieDouble(options: { apiKey?: string } = {}): Promise<MollieDouble> {
  const apiKey = options.apiKey ?? doubleApiKey();
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, DoublePayment>();
  const customers = new Map<string, DoubleCustomer>();
  const mandates = new Map<string, DoubleMandate>();
  const mode = apiKey.startsWith('live_') ? ('live' as const) : ('test' as const);
  const app = Fastify({ https: { key: TLS_KEY, cert: TLS_CERT }, logger: false });
  let origin = '';

  const links = (payment: DoublePayment) => ({
    self: { href: `${origin}/v2/payments/${payment.id}`, type: 'application/hal+json' },
    // Mollie shows the checkout link only while the buyer can still pay.
    ...(payment.status === 'open' && payment.sequenceType !== 'recurring'
      ? { checkout: { href: `${origin}/checkout/select-method/${payment.id.slice(3)}`, type: 'text/html' } }
      : {}),
    ...(payment.amountRefunded && payment.amountRefunded.value !== '0.00'
      ? { refunds: { href: `${origin}/v2/payments/${payment.id}/refunds`, type: 'application/hal+json' } }
      : {}),
    ...(payment.amountChargedBack
      ? {
          chargebacks: {
            href: `${origin}/v2/payments/${payment.id}/chargebacks`,
            type: 'application/hal+json',
          },
        }
      : {}),
    dashboard: { href: `${origin}/dashboard/payments/${payment.id}`, type: 'text/html' },
    documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
  });
  const present = (payment: DoublePayment) => ({ ...payment, _links: links(payment) });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v2/')) return;
    const authorization = request.headers.authorization;
    requests.push({
      method: request.method,
      path: request.url,
      authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      userAgent: request.headers['user-agent'],
      body: undefined,
    });
    if (authorization !== `Bearer ${apiKey}` || !/^Bearer (test|live)_\w+$/.test(authorization)) {
      return sendError(reply, 401, 'Missing authentication, or failed to authenticate');
    }
  });
  app.addHook('preHandler', async (request) => {
    const last = requests.at(-1);
    if (last && request.url.startsWith('/v2/')) last.body = request.body;
  });

  app.post('/v2/payments', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      validateCreate(body);
    } catch (error) {
      if (error instanceof MollieRefusal) return sendError(reply, error.status, error.detail, error.field);
      throw error;
    }
    const now = new Date();
    const sequenceType = (body.sequenceType as DoublePayment['sequenceType']) ?? 'oneoff';
    const recurring = sequenceType === 'recurring';
    if (body.customerId !== undefined && !customers.has(String(body.customerId)))
      return sendError(reply, 404, `No customer exists with token ${String(body.customerId)}.`);
    // A recurring charge needs a valid mandate of the customer (the one named, else any).
    const charged = recurring
      ? [...mandates.values()].find(
          (m) =>
            m.customerId === body.customerId &&
            m.status === 'valid' &&
            (body.mandateId === undefined || m.id === body.mandateId),
        )
      : undefined;
    if (recurring && !charged)
      return sendError(
        reply,
        422,
        'The customer does not have a valid mandate for this recurring payment',
        body.mandateId === undefined ? 'customerId' : 'mandateId',
      );
    const payment: DoublePayment = {
      resource: 'payment',
      id: `tr_${token(10)}`,
      mode,
      createdAt: now.toISOString(),
      amount: body.amount as Amount,
      description: body.description as string,
      method: (body.method as string | undefined) ?? charged?.method ?? null,
      metadata: body.metadata ?? null,
      // A stored mandate is charged at once: no checkout, the payment waits for the bank or card.
      status: recurring ? 'pending' : 'open',
      isCancelable: false,
      ...(recurring ? {} : { expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString() }),
      profileId: 'pfl_double0001',
      sequenceType,
      ...(body.redirectUrl ? { redirectUrl: body.redirectUrl as string } : {}),
      ...(body.webhookUrl ? { webhookUrl: body.webhookUrl as string } : {}),
      ...(body.locale ? { locale: body.locale as string } : {}),
      ...(body.customerId ? { customerId: body.customerId as string } : {}),
      ...(charged ? { mandateId: charged.id } : {}),
    };
    payments.set(payment.id, payment);
    return reply.code(201).type('application/hal+json; charset=utf-8').send(present(payment));
  });

  const presentCustomer = (customer: DoubleCustomer) => ({
    ...customer,
    _links: {
      self: { href: `${origin}/v2/customers/${customer.id}`, type: 'application/hal+json' },
      dashboard: { href: `${origin}/dashboard/customers/${customer.id}`, type: 'text/html' },
      documentation: { href: 'https://docs.mollie.com/reference/get-customer', type: 'text/html' },
    },
  });
  const presentMandate = ({ customerId, ...mandate }: DoubleMandate) => ({
    ...mandate,
    _links: {
      self: {
        href: `${origin}/v2/customers/${customerId}/mandates/${mandate.id}`,
        type: 'application/hal+json',
      },
      customer: { href: `${origin}/v2/customers/${customerId}`, type: 'application/hal+json' },
      documentation: { href: 'https://docs.mollie.com/reference/get-mandate', type: 'text/html' },
    },
  });
  const hal = (reply: FastifyReply, code: number, body: unknown) =>
    reply.code(code).type('application/hal+json; charset=utf-8').send(body);

  function addMandate(
    customerId: string,
    method: DoubleMandate['method'],
    fields: { details?: Record<string, unknown>; mandateReference?: string; signatureDate?: string },
  ): DoubleMandate {
    const now = new Date();
    const mandate: DoubleMandate = {
      resource: 'mandate',
      id: `mdt_${token(10)}`,
      mode,
      status: 'valid',
      method,
      details: fields.details ?? {},
      mandateReference: fields.mandateReference ?? null,
      signatureDate: fields.signatureDate ?? now.toISOString().slice(0, 10),
      createdAt: now.toISOString(),
      customerId,
    };
    mandates.set(mandate.id, mandate);
    return mandate;
  }

  app.post('/v2/customers', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(String(body.email)))
      return sendError(reply, 422, 'The email address is invalid', 'email');
    if (body.locale !== undefined && !LOCALES.has(body.locale as string))
      return sendError(reply, 422, 'The locale is invalid', 'locale');
    const customer: DoubleCustomer = {
      resource: 'customer',
      id: `cst_${token(10)}`,
      mode,
      name: (body.name as string | undefined) ?? null,
      email: (body.email as string | undefined) ?? null,
      locale: (body.locale as string | undefined) ?? null,
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
    };
    customers.set(customer.id, customer);
    return hal(reply, 201, presentCustomer(customer));
  });

  app.get<{ Params: { id: string } }>('/v2/customers/:id', async (request, reply) => {
    const customer = customers.get(request.params.id);
    if (!customer) return sendError(reply, 404, `No customer exists with token ${request.params.id}.`);
    return hal(reply, 200, presentCustomer(customer));
  });

  app.post<{ Params: { id: string } }>('/v2/customers/:id/mandates', async (request, reply) => {
    if (!customers.has(request.params.id))
      return sendError(reply, 404, `No customer exists with token ${request.params.id}.`);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.method !== 'directdebit' && body.method !== 'paypal')
      return sendError(reply, 422, 'The payment method is invalid', 'method');
    if (typeof body.consumerName !== 'string' || body.consumerName.trim() === '')
      return sendError(reply, 422, 'The consumer name is required', 'consumerName');
    if (body.method === 'directdebit' && !isValidIBAN(String(body.consumerAccount ?? '')))
      return sendError(reply, 422, 'The consumer account is invalid', 'consumerAccount');
    if (body.signatureDate !== undefined) {
      const date = String(body.signatureDate);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > new Date().toISOString().slice(0, 10))
        return sendError(reply, 422, 'The signature date is invalid', 'signatureDate');
    }
    const reference = body.mandateReference as string | undefined;
    if (reference !== undefined && [...mandates.values()].some((m) => m.mandateReference === reference))
      return sendError(reply, 422, 'The mandate reference is already in use', 'mandateReference');
    const mandate = addMandate(request.params.id, body.method, {
      details: {
        consumerName: body.consumerName,
        consumerAccount: body.consumerAccount,
        consumerBic: (body.consumerBic as string | undefined) ?? null,
      },
      ...(reference ? { mandateReference: reference } : {}),
      ...(body.signatureDate ? { signatureDate: String(body.signatureDate) } : {}),
    });
    return hal(reply, 201, presentMandate(mandate));
  });

  app.get<{ Params: { id: string; mandateId: string } }>(
    '/v2/customers/:id/mandates/:mandateId',
    async (request, reply) => {
      const mandate = mandates.get(request.params.mandateId);
      if (!mandate || mandate.customerId !== request.params.id)
        return sendError(reply, 404, `No mandate exists with token ${request.params.mandateId}.`);
      return hal(reply, 200, presentMandate(mandate));
    },
  );

  app.get<{ Params: { id: string } }>('/v2/payments/:id', async (request, reply) => {
    const payment = payments.get(request.params.id);
    if (!payment) return sendError(reply, 404, `No payment exists with token ${request.params.id}.`);
    return reply.type('application/hal+json; charset=utf-8').send(present(payment));
  });

  async function setStatus(id: string, status: MollieStatus, opts: SetStatusOptions = {}) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`The Mollie double has no payment ${id}`);
    const at = new Date().toISOString();
    payment.status = status;
    payment.method ??= opts.method ?? 'ideal';
    delete payment.expiresAt;
    if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId && !payment.mandateId) {
      // Like Mollie: a paid first payment leaves a mandate of its method (iDEAL and the other bank
      // methods a SEPA direct-debit one).
      const method =
        payment.method === 'creditcard' || payment.method === 'paypal' ? payment.method : 'directdebit';
      payment.mandateId = addMandate(payment.customerId, method, {}).id;
    }
    if (status === 'paid') {
      payment.paidAt = at;
      payment.amountRefunded = { currency: payment.amount.currency, value: '0.00' };
      payment.amountRemaining = payment.amount;
    }
    if (status === 'authorized') payment.authorizedAt = at;
    if (status === 'canceled') payment.canceledAt = at;
    if (status === 'expired') payment.expiredAt = at;
    if (status === 'failed') payment.failedAt = at;
    if (payment.method === 'creditcard' || opts.cardLabel || opts.failureReason || opts.failureMessage) {
      payment.details = {
        ...payment.details,
        ...(payment.method === 'creditcard'
          ? {
              cardHolder: 'T. TEST',
              cardNumber: '6787',
              cardLabel: opts.cardLabel ?? 'Visa',
              cardSecurity: 'normal',
            }
          : {}),
        ...(opts.failureReason ? { failureReason: opts.failureReason } : {}),
        ...(opts.failureMessage ? { failureMessage: opts.failureMessage } : {}),
      };
    }
    return notify(payment, opts.notify);
  }

  /** Cents of a Mollie amount string, and back: the double's own arithmetic, by string too. */
  const centsOf = (amount: Amount) => Number(amount.value.replace('.', ''));
  const amountOf = (cents: number, currency: string): Amount => {
    const digits = String(cents).padStart(3, '0');
    return { currency, value: `${digits.slice(0, -2)}.${digits.slice(-2)}` };
  };

  function paidPayment(id: string) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`The Mollie double has no payment ${id}`);
    if (payment.status !== 'paid')
      throw new Error(`Mollie refunds or charges back paid payments only, not ${payment.status}`);
    return payment;
  }

  async function refund(id: string, cents?: number, opts: { notify?: boolean } = {}) {
    const payment = paidPayment(id);
    const remaining = centsOf(payment.amountRemaining ?? payment.amount);
    const amount = cents ?? remaining;
    if (amount > remaining) throw new Error(`Only ${remaining} cents of ${id} are left to refund`);
    const currency = payment.amount.currency;
    payment.amountRefunded = amountOf(
      centsOf(payment.amountRefunded ?? amountOf(0, currency)) + amount,
      currency,
    );
    payment.amountRemaining = amountOf(remaining - amount, currency);
    return notify(payment, opts.notify);
  }

  async function chargeback(id: string, cents?: number, opts: { notify?: boolean } = {}) {
    const payment = paidPayment(id);
    const currency = payment.amount.currency;
    const amount = cents ?? centsOf(payment.amount);
    payment.amountChargedBack = amountOf(
      centsOf(payment.amountChargedBack ?? amountOf(0, currency)) + amount,
      currency,
    );
    return notify(payment, opts.notify);
  }

  async function notify(payment: DoublePayment, wanted: boolean | undefined) {
    if (wanted === false || !payment.webhookUrl) return null;
    const id = payment.id;
    // Mollie's webhook: a form-encoded POST carrying the id only; the receiver fetches the payment.
    const response = await fetch(payment.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }).toString(),
    });
    return response.status;
  }

  app.post<{ Params: { id: string }; Body: { status: MollieStatus } & SetStatusOptions }>(
    '/_double/payments/:id/status',
    async (request, reply) => {
      if (!payments.has(request.params.id)) return sendError(reply, 404, 'No such payment');
      const { status, ...opts } = request.body;
      const webhookStatus = await setStatus(request.params.id, status, opts);
      return { webhookStatus };
    },
  );

  for (const [path, run] of [
    ['refund', refund],
    ['chargeback', chargeback],
  ] as const) {
    app.post<{ Params: { id: string }; Body: { cents?: number; notify?: boolean } | undefined }>(
      `/_double/payments/:id/${path}`,
      async (request, reply) => {
        if (payments.get(request.params.id)?.status !== 'paid')
          return sendError(reply, 422, 'No such paid payment');
        const webhookStatus = await run(request.params.id, request.body?.cents, {
          notify: request.body?.notify,
        });
        return { webhookStatus };
      },
    );
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;
  return {
    apiEndpoint: `${origin}/v2/`,
    origin,
    apiKey,
    requests,
    payments,
    customers,
    mandates,
    revokeMandate: (id: string) => {
      const mandate = mandates.get(id);
      if (!mandate) throw new Error(`The Mollie double has no mandate ${id}`);
      mandate.status = 'invalid';
    },
    setStatus,
    refund,
    chargeback,
    close: () => app.close(),
  };
}

/**
 * The double for one test file: its certificate accepted, started now, closed (and certificate
 * checks restored) after the file's tests.
 */
export async function mollieDoubleForFile(): Promise<MollieDouble> {
  const restoreTls = acceptDoubleCertificate();
  const double = await startMollieDouble();
  closeWhenDone(async () => {
    await double.close();
    restoreTls();
  });
  return double;
}
