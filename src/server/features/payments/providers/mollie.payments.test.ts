import { describe, expect, it } from 'vitest';
import { createTestApp, freePort } from '../../../test/app.ts';
import { createMember, logIn } from '../../../test/members.ts';
import { mollieDoubleForFile } from '../../../test/mollie-double.ts';
import { webhookNotice } from '../../../test/payment-notices.ts';
import { balanceOf, spendCredits } from '../../credits/credits.service.ts';
import { createMollieProvider } from './mollie.ts';
import { setPaymentProvider } from './provider-choice.ts';

/**
 * The product with Mollie behind it, against the local double of Mollie's API over HTTPS: a member
 * starts a payment, Mollie's notices (an id only, form-encoded) come to the webhook, and the grant
 * happens once, from the status the server fetched.
 */

const double = await mollieDoubleForFile();
const port = await freePort();
const { app, services } = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
await app.listen({ host: '127.0.0.1', port });
setPaymentProvider(
  services,
  createMollieProvider({ apiKey: double.apiKey, apiEndpoint: double.apiEndpoint }),
);

const notice = (id: string) => webhookNotice({ app, services }, id);

describe('payments through Mollie', () => {
  it('starts a Mollie checkout and grants once for many notices of the paid payment', async () => {
    expect(services.env.publicUrl).toBe(`http://127.0.0.1:${port}`);
    const member = await createMember(services.db, { country: 'NL' });
    const login = await logIn(services.db, member.id);
    const started = await app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: 'p0', method: 'ideal' },
      ...login,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { payment_id, checkout_url } = started.json() as { payment_id: string; checkout_url: string };
    expect(checkout_url).toContain(double.apiEndpoint.replace(/\/v2\/?$/, '').replace(/\/$/, ''));
    const { rows } = await services.pool.query(
      'select provider, provider_payment_id, amount_cents, credits from payments where id = $1',
      [payment_id],
    );
    const row = rows[0];
    expect(row.provider).toBe('mollie');
    expect(row.provider_payment_id).toMatch(/^tr_/);

    // Not paid yet: a notice changes nothing.
    expect((await notice(row.provider_payment_id)).statusCode).toBe(200);
    expect(await balanceOf(services.db, member.id)).toBe(0);

    // Mollie's own notice reaches the running app over HTTP (id only, form-encoded) and grants.
    await double.setStatus(row.provider_payment_id, 'paid');
    await services.background.idle();
    expect(await balanceOf(services.db, member.id)).toBe(row.credits);
    // More notices, at once, as a retrying provider sends them: nothing more.
    const answers = await Promise.all(Array.from({ length: 20 }, () => notice(row.provider_payment_id)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await balanceOf(services.db, member.id)).toBe(row.credits);
    const grants = await services.pool.query(
      `select count(*)::int n from credit_ledger where user_id = $1 and kind = 'grant' and reason = 'purchase'`,
      [member.id],
    );
    expect(grants.rows[0].n).toBe(1);
    const status = await services.pool.query('select status from payments where id = $1', [payment_id]);
    expect(status.rows[0].status).toBe('paid');
  });

  /** A member's Mollie payment, started through the product: its Mollie id, credits and our row. */
  async function startMolliePayment() {
    const member = await createMember(services.db, { country: 'NL' });
    const login = await logIn(services.db, member.id);
    const started = await app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: 'p1', method: 'ideal' },
      ...login,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { payment_id } = started.json() as { payment_id: string };
    const { rows } = await services.pool.query(
      'select provider_payment_id, amount_cents, credits from payments where id = $1',
      [payment_id],
    );
    const paymentRow = async () =>
      (
        await services.pool.query(
          `select status, failure_reason, refunded_cents, charged_back_cents, credits_taken_back,
                  credits_shortfall from payments where id = $1`,
          [payment_id],
        )
      ).rows[0];
    return {
      member,
      mollieId: rows[0].provider_payment_id as string,
      amount: rows[0].amount_cents as number,
      credits: rows[0].credits as number,
      paymentRow,
    };
  }

  it.each([
    ['failed', 'failed'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
  ] as const)('a %s Mollie payment ends %s and grants nothing', async (mollieStatus, ours) => {
    const { member, mollieId, paymentRow } = await startMolliePayment();
    await double.setStatus(mollieId, mollieStatus, {
      failureReason: 'insufficient_funds',
      failureMessage: 'Insufficient funds',
    });
    await services.background.idle();
    expect((await paymentRow()).status).toBe(ours);
    expect(await balanceOf(services.db, member.id)).toBe(0);
  });

  it('a refund at Mollie (partial, then the rest) takes the credits back once per notice', async () => {
    const { member, mollieId, amount, credits, paymentRow } = await startMolliePayment();
    await double.setStatus(mollieId, 'paid');
    await services.background.idle();
    expect(await balanceOf(services.db, member.id)).toBe(credits);
    const part = Math.floor(amount / 4);
    await double.refund(mollieId, part);
    const firstTaken = Math.ceil((credits * part) / amount);
    await services.background.idle();
    expect(await balanceOf(services.db, member.id)).toBe(credits - firstTaken);
    // Mollie repeats its notice: nothing more.
    await Promise.all(Array.from({ length: 10 }, () => notice(mollieId)));
    expect(await balanceOf(services.db, member.id)).toBe(credits - firstTaken);
    await double.refund(mollieId);
    await services.background.idle();
    expect(await balanceOf(services.db, member.id)).toBe(0);
    expect(await paymentRow()).toMatchObject({
      status: 'paid',
      refunded_cents: amount,
      charged_back_cents: 0,
      credits_taken_back: credits,
    });
    const blocked = await services.pool.query('select 1 from direct_debit_blocks where user_id = $1', [
      member.id,
    ]);
    expect(blocked.rowCount).toBe(0);
  });

  it('a chargeback at Mollie after spending: balance 0, shortfall recorded, direct debit blocked', async () => {
    const { member, mollieId, amount, credits, paymentRow } = await startMolliePayment();
    await double.setStatus(mollieId, 'paid');
    await services.background.idle();
    expect(await balanceOf(services.db, member.id)).toBe(credits);
    await services.db.transaction((tx) =>
      spendCredits(tx, { userId: member.id, amount: credits - 5, reason: 'message', reference: mollieId }),
    );
    await double.chargeback(mollieId);
    await services.background.idle();
    expect((await paymentRow()).charged_back_cents).toBe(amount);
    expect(await balanceOf(services.db, member.id)).toBe(0);
    expect(await paymentRow()).toMatchObject({ credits_taken_back: 5, credits_shortfall: credits - 5 });
    const blocked = await services.pool.query('select reason from direct_debit_blocks where user_id = $1', [
      member.id,
    ]);
    expect(blocked.rows).toEqual([{ reason: 'reversal' }]);
  });

  it('answers 200 and changes nothing for ids Mollie or we do not know, and forged bodies', async () => {
    for (const body of ['id=tr_unknown12345', 'id=ord_123', 'id=tr_../../v2/refunds'])
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/payment-webhook.php',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: body,
          })
        ).statusCode,
      ).toBe(200);
  });

  it('signs a direct-debit mandate by SMS code and charges it through Mollie, with no checkout page', async () => {
    const member = await createMember(services.db, { country: 'NL' });
    const login = await logIn(services.db, member.id);
    const form = await app.inject({
      method: 'POST',
      url: '/api/direct-debit.php',
      payload: {
        package: 'p0',
        account_holder: 'Sanne de Vries',
        iban: 'NL91 ABNA 0417 1643 00',
        street: 'Oudegracht',
        house_number: '12',
        zip: '3511 AB',
        city: 'Utrecht',
        phone: '06 87654321',
      },
      ...login,
    });
    expect(form.statusCode, form.body).toBe(200);
    const sms = (await services.sms.listStored()).find((m) => m.to === '+31687654321');
    const otp = sms?.text.match(/\b\d{6}\b/)?.[0] ?? '';
    const signed = await app.inject({
      method: 'POST',
      url: '/api/direct-debit-sign.php',
      payload: { mandate_id: form.json().mandate_id, otp },
      ...login,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { rows } = await services.pool.query(
      'select provider_payment_id, customer_id, mandate_id, sequence_type from payments where id = $1',
      [signed.json().payment_id],
    );
    const row = rows[0];
    expect(row).toMatchObject({ sequence_type: 'recurring' });
    const mandate = double.mandates.get(row.mandate_id);
    expect(mandate).toMatchObject({ method: 'directdebit', customerId: row.customer_id });
    expect(mandate?.details).toMatchObject({ consumerAccount: 'NL91ABNA0417164300' });
    expect(double.payments.get(row.provider_payment_id)).toMatchObject({
      sequenceType: 'recurring',
      status: 'pending',
      method: 'directdebit',
    });
    await double.setStatus(row.provider_payment_id, 'paid');
    await services.background.idle();
    expect(await balanceOf(services.db, member.id)).toBe(100);
  });
});
