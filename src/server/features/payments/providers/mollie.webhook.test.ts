import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { mollieDoubleForFile } from '../../../test/mollie-double.ts';
import { createMollieProvider, mollieWebhookPaymentId } from './mollie.ts';

/**
 * Mollie's side of the webhook: what a notice looks like and what may be read from it. The product's
 * route with Mollie behind it is mollie.payments.test.ts.
 */
const double = await mollieDoubleForFile();
const provider = createMollieProvider({ apiKey: double.apiKey, apiEndpoint: double.apiEndpoint });

describe('a Mollie webhook notice', () => {
  it('carries the payment id only; the receiver fetches the rest from Mollie', async () => {
    const bodies: string[] = [];
    const receiver = Fastify();
    receiver.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    receiver.post('/webhook', async (req) => {
      bodies.push(req.body as string);
      return '';
    });
    const address = await receiver.listen({ host: '127.0.0.1', port: 0 });
    try {
      const created = await provider.createPayment({
        reference: 'pay_webhook',
        amount: { cents: 995, currency: 'EUR' },
        method: 'bancontact',
        description: 'Liefdesplein 100 credits',
        locale: 'fr',
        redirectUrl: 'https://liefdesplein.test/credits/return/pay_webhook',
        webhookUrl: `${address}/webhook`,
      });
      await double.setStatus(created.providerPaymentId, 'paid');
      await double.refund(created.providerPaymentId, 500);
      await double.chargeback(created.providerPaymentId, 495);
      // Three notices, identical: a status change, a refund and a chargeback all look the same.
      expect(bodies).toEqual(Array(3).fill(`id=${created.providerPaymentId}`));
      const id = mollieWebhookPaymentId(bodies[0]);
      expect(id).toBe(created.providerPaymentId);
      expect(await provider.getPayment(id!)).toMatchObject({
        status: 'paid',
        amount: { cents: 995, currency: 'EUR' },
        method: 'bancontact',
        amountRefunded: { cents: 500, currency: 'EUR' },
        amountChargedBack: { cents: 495, currency: 'EUR' },
      });
    } finally {
      await receiver.close();
    }
  });

  it('is read only when it is a well-formed payment id', () => {
    expect(mollieWebhookPaymentId('id=tr_WDqYK6vllg')).toBe('tr_WDqYK6vllg');
    expect(mollieWebhookPaymentId({ id: 'tr_WDqYK6vllg' })).toBe('tr_WDqYK6vllg');
    for (const forged of [
      '',
      'id=',
      'id=ord_WDqYK6vllg',
      'id=tr_../../v2/refunds',
      'payment=tr_WDqYK6vllg&status=paid',
      { id: ['tr_WDqYK6vllg'] },
      { status: 'paid' },
      null,
      42,
    ]) {
      expect(mollieWebhookPaymentId(forged)).toBeNull();
    }
  });
});
