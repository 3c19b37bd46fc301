import { describe, expect, it } from 'vitest';
import { mollieDoubleForFile } from '../../../test/mollie-double.ts';
import { createMollieProvider, MollieProviderError } from './mollie.ts';
import type { CreatePaymentRequest } from './payment-provider.ts';

/**
 * Mandates through Mollie (decision 0033), against the local HTTPS double of its API: a customer, a
 * SEPA mandate from our signed form, a first payment that leaves a card mandate, and recurring
 * charges on both, paid and failed.
 */
const double = await mollieDoubleForFile();
const provider = createMollieProvider({ apiKey: double.apiKey, apiEndpoint: double.apiEndpoint });

const request = (overrides: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest => ({
  reference: 'pay_0002',
  amount: { cents: 1495, currency: 'EUR' },
  method: 'sdd',
  description: 'Liefdesplein 100 credits',
  locale: 'nl',
  redirectUrl: 'https://liefdesplein.test/credits/p0/sdd?payment=pay_0002',
  webhookUrl: 'https://liefdesplein.test/api/payment-webhook.php',
  ...overrides,
});
const bodiesTo = (path: RegExp) =>
  double.requests.filter((r) => r.method === 'POST' && path.test(r.path)).map((r) => r.body);

async function customer() {
  return provider.createCustomer({
    name: 'Sanne de Vries',
    email: 'sanne@example.test',
    locale: 'nl',
    reference: '7',
  });
}

describe('Mollie mandates', () => {
  it('creates a customer with our member as its reference', async () => {
    const { customerId } = await customer();
    expect(customerId).toMatch(/^cst_/);
    expect(bodiesTo(/^\/v2\/customers$/).at(-1)).toEqual({
      name: 'Sanne de Vries',
      email: 'sanne@example.test',
      locale: 'nl_NL',
      metadata: { reference: '7' },
    });
    expect(double.customers.get(customerId)?.metadata).toEqual({ reference: '7' });
  });

  it('creates the SEPA mandate signed on our form, and a recurring debit on it is paid', async () => {
    const { customerId } = await customer();
    const mandate = await provider.createDirectDebitMandate({
      customerId,
      consumerName: 'Sanne de Vries',
      iban: 'NL91ABNA0417164300',
      signatureDate: new Date().toISOString().slice(0, 10),
      mandateReference: 'LP-20261125-ABCDEF0001',
    });
    expect(mandate).toEqual({
      mandateId: expect.stringMatching(/^mdt_/),
      customerId,
      method: 'directdebit',
      status: 'valid',
    });
    expect(bodiesTo(/\/mandates$/).at(-1)).toMatchObject({
      method: 'directdebit',
      consumerName: 'Sanne de Vries',
      consumerAccount: 'NL91ABNA0417164300',
      mandateReference: 'LP-20261125-ABCDEF0001',
    });
    const debit = await provider.createPayment(request({ customerId, mandateId: mandate.mandateId }));
    expect(debit).toMatchObject({ checkoutUrl: null, status: 'pending' });
    expect(bodiesTo(/^\/v2\/payments$/).at(-1)).toMatchObject({
      method: 'directdebit',
      sequenceType: 'recurring',
      customerId,
      mandateId: mandate.mandateId,
    });
    await double.setStatus(debit.providerPaymentId, 'paid', { notify: false });
    expect(await provider.getPayment(debit.providerPaymentId)).toMatchObject({
      status: 'paid',
      method: 'sdd',
      mandateId: mandate.mandateId,
      customerId,
    });
  });

  it('reports a failed recurring debit with its reason', async () => {
    const { customerId } = await customer();
    const { mandateId } = await provider.createDirectDebitMandate({
      customerId,
      consumerName: 'Sanne de Vries',
      iban: 'NL55INGB0000000000',
      signatureDate: new Date().toISOString().slice(0, 10),
      mandateReference: 'LP-20261125-ABCDEF0002',
    });
    const debit = await provider.createPayment(request({ customerId, mandateId }));
    await double.setStatus(debit.providerPaymentId, 'failed', {
      notify: false,
      failureReason: 'insufficient_funds',
    });
    expect(await provider.getPayment(debit.providerPaymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'insufficient_funds',
    });
  });

  it('a first card payment leaves a card mandate; a recurring charge on it can fail', async () => {
    const { customerId } = await customer();
    const first = await provider.createPayment(
      request({ method: 'visa', customerId, sequenceType: 'first' }),
    );
    expect(first.checkoutUrl).toMatch(/\/checkout\//);
    expect(bodiesTo(/^\/v2\/payments$/).at(-1)).toMatchObject({ sequenceType: 'first', customerId });
    await double.setStatus(first.providerPaymentId, 'paid', { notify: false, cardLabel: 'Visa' });
    const paid = await provider.getPayment(first.providerPaymentId);
    expect(paid).toMatchObject({ status: 'paid', method: 'visa', customerId });
    expect(double.mandates.get(paid.mandateId ?? '')?.method).toBe('creditcard');

    const repeat = await provider.createPayment(
      request({ method: 'visa', customerId, mandateId: paid.mandateId ?? '' }),
    );
    expect(repeat.checkoutUrl).toBeNull();
    await double.setStatus(repeat.providerPaymentId, 'failed', {
      notify: false,
      failureReason: 'card_expired',
    });
    expect(await provider.getPayment(repeat.providerPaymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'card_expired',
    });
  });

  it('refuses a recurring charge without a valid mandate, a mandate with a bad IBAN, an unknown customer', async () => {
    const { customerId } = await customer();
    await expect(provider.createPayment(request({ customerId }))).rejects.toMatchObject({
      code: 'invalid_request',
      httpStatus: 422,
    });
    const { mandateId } = await provider.createDirectDebitMandate({
      customerId,
      consumerName: 'Sanne',
      iban: 'NL91ABNA0417164300',
      signatureDate: new Date().toISOString().slice(0, 10),
      mandateReference: 'LP-20261125-ABCDEF0003',
    });
    double.revokeMandate(mandateId);
    await expect(provider.createPayment(request({ customerId, mandateId }))).rejects.toBeInstanceOf(
      MollieProviderError,
    );
    await expect(
      provider.createDirectDebitMandate({
        customerId,
        consumerName: 'Sanne',
        iban: 'NL91ABNA0417164301',
        signatureDate: new Date().toISOString().slice(0, 10),
        mandateReference: 'LP-20261125-ABCDEF0004',
      }),
    ).rejects.toMatchObject({ code: 'invalid_request', field: 'consumerAccount' });
    await expect(
      provider.createDirectDebitMandate({
        customerId: 'cst_unknown00',
        consumerName: 'Sanne',
        iban: 'NL91ABNA0417164300',
        signatureDate: new Date().toISOString().slice(0, 10),
        mandateReference: 'LP-20261125-ABCDEF0005',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
