import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/contracts/payments.ts';
import { LOCALES } from '../../../../shared/i18n/locales.ts';
import { loadEnv } from '../../../env.ts';
import {
  doubleApiKey,
  type MollieStatus,
  mollieDoubleForFile,
  startMollieDouble,
} from '../../../test/mollie-double.ts';
import {
  createMollieProvider,
  fromMollieAmount,
  MOLLIE_METHODS,
  MollieProviderError,
  molliePaymentProviderFromEnv,
  mollieTakes,
  toMollieAmount,
} from './mollie.ts';
import { type CreatePaymentRequest, ProviderPaymentNotFound } from './payment-provider.ts';

const double = await mollieDoubleForFile();
const provider = createMollieProvider({ apiKey: double.apiKey, apiEndpoint: double.apiEndpoint });

const request = (overrides: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest => ({
  reference: 'pay_0001',
  amount: { cents: 1995, currency: 'EUR' },
  method: 'ideal',
  description: 'Liefdesplein 600 credits',
  locale: 'nl',
  redirectUrl: 'https://liefdesplein.test/credits/return/pay_0001',
  webhookUrl: 'https://liefdesplein.test/api/payments/webhook/mollie',
  ...overrides,
});

/** The body the double received for the last create call. */
const lastCreateBody = () =>
  double.requests.filter((r) => r.method === 'POST').at(-1)?.body as Record<string, unknown>;

describe('Mollie provider against the local Mollie API double', () => {
  it('creates a payment: Mollie id, checkout URL, open; sends our fields in Mollie’s shape', async () => {
    const created = await provider.createPayment(request());
    expect(created.providerPaymentId).toMatch(/^tr_\w{10}$/);
    expect(created.checkoutUrl).toBe(
      `${double.origin}/checkout/select-method/${created.providerPaymentId.slice(3)}`,
    );
    expect(created.status).toBe('open');
    expect(lastCreateBody()).toEqual({
      amount: { currency: 'EUR', value: '19.95' },
      description: 'Liefdesplein 600 credits',
      redirectUrl: 'https://liefdesplein.test/credits/return/pay_0001',
      webhookUrl: 'https://liefdesplein.test/api/payments/webhook/mollie',
      locale: 'nl_NL',
      method: 'ideal',
      metadata: { reference: 'pay_0001' },
    });
  });

  it('sends the API key as a bearer token, and an idempotency key on every create', async () => {
    await provider.createPayment(request());
    const sent = double.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${double.apiKey}`);
    expect(sent.idempotencyKey).toMatch(/\S{10,}/);
    expect(sent.userAgent).toMatch(/Mollie\/4\.\d+\.\d+ Liefdesplein\/1/);
  });

  it('passes each site language as Mollie’s checkout locale', async () => {
    const expected = {
      nl: 'nl_NL',
      de: 'de_DE',
      en: 'en_US',
      es: 'es_ES',
      fr: 'fr_FR',
      it: 'it_IT',
      pl: 'pl_PL',
    };
    for (const locale of LOCALES) {
      await provider.createPayment(request({ locale, method: 'creditcard' }));
      expect(lastCreateBody().locale).toBe(expected[locale]);
    }
  });

  const statusCases: [MollieStatus, string][] = [
    ['open', 'open'],
    ['pending', 'pending'],
    ['authorized', 'pending'],
    ['paid', 'paid'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
    ['failed', 'failed'],
  ];
  it.each(statusCases)('maps Mollie’s %s to our %s', async (mollieStatus, ours) => {
    const { providerPaymentId } = await provider.createPayment(request());
    await double.setStatus(providerPaymentId, mollieStatus, { notify: false });
    const payment = await provider.getPayment(providerPaymentId);
    expect(payment.status).toBe(ours);
    expect(payment.providerPaymentId).toBe(providerPaymentId);
    expect(payment.amount).toEqual({ cents: 1995, currency: 'EUR' });
    expect(payment.method).toBe('ideal');
    expect(payment.paidAt).toEqual(mollieStatus === 'paid' ? expect.any(Date) : null);
  });

  it('reads a paid payment: when, how much, which method', async () => {
    const before = Date.now();
    const { providerPaymentId } = await provider.createPayment(request({ method: 'paypal' }));
    await double.setStatus(providerPaymentId, 'paid', { notify: false });
    const payment = await provider.getPayment(providerPaymentId);
    expect(payment).toEqual({
      providerPaymentId,
      status: 'paid',
      amount: { cents: 1995, currency: 'EUR' },
      method: 'paypal',
      paidAt: expect.any(Date),
      failureReason: null,
      mandateId: null,
      customerId: null,
      amountRefunded: { cents: 0, currency: 'EUR' },
      amountChargedBack: { cents: 0, currency: 'EUR' },
    });
    expect(payment.paidAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('reports why a payment failed, in Mollie’s words', async () => {
    const { providerPaymentId } = await provider.createPayment(request({ method: 'visa' }));
    await double.setStatus(providerPaymentId, 'failed', {
      notify: false,
      failureReason: 'insufficient_funds',
      failureMessage: 'The card has insufficient funds.',
    });
    const payment = await provider.getPayment(providerPaymentId);
    expect(payment.status).toBe('failed');
    expect(payment.failureReason).toBe('The card has insufficient funds.');
  });

  it('tells the card brand Mollie saw; a card payment is sent as Mollie’s creditcard', async () => {
    const brands: [string, PaymentMethod][] = [
      ['Visa', 'visa'],
      ['Mastercard', 'mastercard'],
      ['Maestro', 'maestro'],
      ['Carte Bleue', 'cartebancaire'],
      ['American Express', 'creditcard'],
    ];
    for (const [cardLabel, ours] of brands) {
      const { providerPaymentId } = await provider.createPayment(request({ method: 'cartebancaire' }));
      expect(lastCreateBody().method).toBe('creditcard');
      await double.setStatus(providerPaymentId, 'paid', { notify: false, cardLabel });
      expect((await provider.getPayment(providerPaymentId)).method).toBe(ours);
    }
  });

  it('reads a refund: the payment stays paid, the refunded amount grows', async () => {
    const { providerPaymentId } = await provider.createPayment(
      request({ amount: { cents: 4999, currency: 'PLN' }, method: 'blik' }),
    );
    await double.setStatus(providerPaymentId, 'paid', { notify: false });
    await double.refund(providerPaymentId, 1000, { notify: false });
    expect(await provider.getPayment(providerPaymentId)).toMatchObject({
      status: 'paid',
      amount: { cents: 4999, currency: 'PLN' },
      amountRefunded: { cents: 1000, currency: 'PLN' },
      amountChargedBack: { cents: 0, currency: 'PLN' },
    });
    await double.refund(providerPaymentId, undefined, { notify: false });
    expect((await provider.getPayment(providerPaymentId)).amountRefunded).toEqual({
      cents: 4999,
      currency: 'PLN',
    });
  });

  it('reads a chargeback (a card dispute or a SEPA reversal) of a paid payment', async () => {
    const { providerPaymentId } = await provider.createPayment(request({ method: 'mastercard' }));
    await double.setStatus(providerPaymentId, 'paid', { notify: false, cardLabel: 'Mastercard' });
    await double.chargeback(providerPaymentId, undefined, { notify: false });
    expect(await provider.getPayment(providerPaymentId)).toMatchObject({
      status: 'paid',
      method: 'mastercard',
      amountRefunded: { cents: 0, currency: 'EUR' },
      amountChargedBack: { cents: 1995, currency: 'EUR' },
    });
  });

  const amountCases: [number, 'EUR' | 'PLN', PaymentMethod, string][] = [
    [1, 'EUR', 'ideal', '0.01'],
    [1995, 'EUR', 'ideal', '19.95'],
    [100000, 'EUR', 'creditcard', '1000.00'],
    [4999, 'PLN', 'blik', '49.99'],
    [4999, 'PLN', 'prezelewy24', '49.99'],
  ];
  it.each(amountCases)(
    'sends %i %s (%s) as "%s" and reads it back exactly',
    async (cents, currency, method, value) => {
      const { providerPaymentId } = await provider.createPayment(
        request({ amount: { cents, currency }, method }),
      );
      expect(lastCreateBody().amount).toEqual({ currency, value });
      await double.setStatus(providerPaymentId, 'paid', { notify: false });
      expect((await provider.getPayment(providerPaymentId)).amount).toEqual({ cents, currency });
    },
  );

  it.each(['giropay', 'sofort', 'nexi'] as const)('refuses %s before any call to Mollie', async (method) => {
    const calls = double.requests.length;
    const attempt = provider.createPayment(request({ method }));
    await expect(attempt).rejects.toThrow(MollieProviderError);
    await expect(attempt).rejects.toMatchObject({
      code: 'method_unsupported',
      message: `Mollie does not take the payment method "${method}".`,
    });
    expect(double.requests.length).toBe(calls);
  });

  it('turns Mollie’s 422 into a provider error that names the field and never the key', async () => {
    // BLIK is a Polish method: Mollie takes it in PLN only.
    const attempt = provider.createPayment(
      request({ method: 'blik', amount: { cents: 1995, currency: 'EUR' } }),
    );
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MollieProviderError);
    expect(error).toMatchObject({
      code: 'invalid_request',
      httpStatus: 422,
      field: 'amount.currency',
      message:
        'Mollie could not create a payment: The currency EUR is not supported by the payment method blik (field amount.currency)',
    });
    expect(JSON.stringify(error)).not.toContain(double.apiKey);
    expect(String((error as Error).stack)).not.toContain(double.apiKey);
  });

  it('turns a refused API key into an unauthorized provider error without echoing it', async () => {
    const wrongKey = doubleApiKey();
    const wrong = createMollieProvider({ apiKey: wrongKey, apiEndpoint: double.apiEndpoint });
    const error = await wrong.createPayment(request()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unauthorized', httpStatus: 401 });
    expect((error as Error).message).toMatch(/MOLLIE_API_KEY/);
    expect((error as Error).message).not.toContain(wrongKey);
    expect(double.requests.at(-1)!.authorization).toBe(`Bearer ${wrongKey}`);
  });

  it('answers an unknown payment id with the interface’s ProviderPaymentNotFound', async () => {
    await expect(provider.getPayment('tr_doesnotexist')).rejects.toThrow(ProviderPaymentNotFound);
    expect(double.requests.at(-1)!.path).toBe('/v2/payments/tr_doesnotexist');
  });

  it('answers an id that is not Mollie’s as not found, without a call', async () => {
    const calls = double.requests.length;
    await expect(provider.getPayment('pay_0001')).rejects.toThrow(ProviderPaymentNotFound);
    await expect(provider.getPayment('tr_../refunds')).rejects.toThrow(ProviderPaymentNotFound);
    expect(double.requests.length).toBe(calls);
  });

  it('says Mollie is unavailable when nothing answers', async () => {
    const gone = await startMollieDouble({ apiKey: double.apiKey });
    await gone.close();
    const offline = createMollieProvider({ apiKey: double.apiKey, apiEndpoint: gone.apiEndpoint });
    const error = await offline.getPayment('tr_x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unavailable' });
    expect((error as Error).message).not.toContain(double.apiKey);
  });

  it('charges a customer’s stored mandate without a checkout page (repeat order)', async () => {
    const { customerId } = await provider.createCustomer({
      name: 'Pieter',
      email: 'pieter@example.test',
      locale: 'nl',
      reference: '42',
    });
    const first = await provider.createPayment(
      request({ customerId, sequenceType: 'first', method: 'creditcard' }),
    );
    await double.setStatus(first.providerPaymentId, 'paid', { notify: false });
    const created = await provider.createPayment(request({ customerId, method: 'creditcard' }));
    expect(created).toMatchObject({ checkoutUrl: null, status: 'pending' });
    expect(lastCreateBody()).toMatchObject({ customerId, sequenceType: 'recurring' });
    await double.setStatus(created.providerPaymentId, 'paid', { notify: false });
    const payment = await provider.getPayment(created.providerPaymentId);
    expect(payment).toMatchObject({
      status: 'paid',
      customerId,
      mandateId: (await provider.getPayment(first.providerPaymentId)).mandateId,
    });
  });

  it('notifies like Mollie: a form-encoded POST to the webhook URL carrying the payment id only', async () => {
    const received: { contentType: string | undefined; body: string }[] = [];
    const receiver = Fastify();
    receiver.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    receiver.post('/webhook', async (req) => {
      received.push({ contentType: req.headers['content-type'], body: req.body as string });
      return '';
    });
    const address = await receiver.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { providerPaymentId } = await provider.createPayment(
        request({ webhookUrl: `${address}/webhook` }),
      );
      expect(await double.setStatus(providerPaymentId, 'paid')).toBe(200);
      expect(received).toEqual([
        { contentType: 'application/x-www-form-urlencoded', body: `id=${providerPaymentId}` },
      ]);
    } finally {
      await receiver.close();
    }
  });
});

describe('Mollie’s methods', () => {
  it('takes 15 of our 18: not giropay (ended 2024), sofort (ended 2025) or nexi (not offered)', () => {
    expect(provider.methods).toBe(MOLLIE_METHODS);
    expect([...MOLLIE_METHODS].sort()).toEqual(
      PAYMENT_METHODS.filter((m) => !['giropay', 'sofort', 'nexi'].includes(m)).sort(),
    );
  });

  it('knows which currencies each method takes', () => {
    expect(mollieTakes('ideal', 'EUR')).toBe(true);
    expect(mollieTakes('ideal', 'PLN')).toBe(false);
    expect(mollieTakes('blik', 'PLN')).toBe(true);
    expect(mollieTakes('blik', 'EUR')).toBe(false);
    expect(mollieTakes('visa', 'NZD')).toBe(true);
    expect(mollieTakes('giropay', 'EUR')).toBe(false);
  });
});

describe('amounts between integer cents and Mollie’s strings', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [1995, '19.95'],
    [100000, '1000.00'],
    [123456789, '1234567.89'],
  ])('%i cents ⇄ "%s"', (cents, value) => {
    expect(toMollieAmount({ cents, currency: 'EUR' })).toEqual({ currency: 'EUR', value });
    expect(fromMollieAmount({ currency: 'EUR', value })).toEqual({ cents, currency: 'EUR' });
  });

  it('refuses fractions of a cent, negative amounts and what Mollie never sends for ours', () => {
    expect(() => toMollieAmount({ cents: 19.95, currency: 'EUR' })).toThrow(/whole cents/);
    expect(() => toMollieAmount({ cents: -1, currency: 'EUR' })).toThrow(/whole cents/);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '19.9' })).toThrow(MollieProviderError);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1e3' })).toThrow(MollieProviderError);
    expect(() => fromMollieAmount({ currency: 'JPY', value: '100.00' })).toThrow(MollieProviderError);
  });
});

describe('MOLLIE_API_KEY and MOLLIE_API_ENDPOINT', () => {
  const key = `test_${'a'.repeat(30)}`;

  it('leaves Mollie off unless a key is set', () => {
    expect(loadEnv({}).mollie).toBeNull();
    expect(molliePaymentProviderFromEnv(loadEnv({}))).toBeNull();
  });

  it('takes a test_ or live_ key and an https endpoint', () => {
    expect(loadEnv({ MOLLIE_API_KEY: key }).mollie).toEqual({ apiKey: key, apiEndpoint: undefined });
    const live = `live_${'B1'.repeat(15)}`;
    expect(
      loadEnv({ MOLLIE_API_KEY: live, MOLLIE_API_ENDPOINT: 'https://mollie.staging.example/v2/' }).mollie,
    ).toEqual({
      apiKey: live,
      apiEndpoint: 'https://mollie.staging.example/v2/',
    });
    expect(molliePaymentProviderFromEnv(loadEnv({ MOLLIE_API_KEY: key }))?.name).toBe('mollie');
  });

  it('explains a key, an endpoint or a combination that cannot work', () => {
    expect(() => loadEnv({ MOLLIE_API_KEY: 'sk_test_123' })).toThrow(
      /MOLLIE_API_KEY must be a Mollie API key/,
    );
    expect(() => loadEnv({ MOLLIE_API_KEY: 'test_' })).toThrow(/MOLLIE_API_KEY/);
    expect(() => loadEnv({ MOLLIE_API_KEY: key, MOLLIE_API_ENDPOINT: 'http://localhost:9999/v2/' })).toThrow(
      /MOLLIE_API_ENDPOINT must be an https:\/\/ URL/,
    );
    expect(() => loadEnv({ MOLLIE_API_ENDPOINT: 'https://api.mollie.com/v2/' })).toThrow(
      /MOLLIE_API_ENDPOINT: is set but MOLLIE_API_KEY is not/,
    );
  });
});
