import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { createMember, logIn } from '../../../test/members.ts';
import { balanceOf } from '../../credits/credits.service.ts';
import {
  PAYMENTS_RECHECK_JOB,
  RECHECK_AFTER_MS,
  recheckUnsettledPayments,
} from '../checkout/payments.service.ts';
import { OPEN_CHECKOUT_EXPIRES_MS, PAID_LATER_SECONDS } from './test-gateway.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

// A real port: the gateway sends its notice by HTTP to PUBLIC_URL, as a provider's servers do.
const port = await freePort();
const publicUrl = `http://127.0.0.1:${port}`;
const { app, services } = await createTestApp({ PUBLIC_URL: publicUrl });
await app.listen({ port, host: '127.0.0.1' });

let clockOffsetMs = 0;
services.now = () => new Date(Date.now() + clockOffsetMs);

async function startPayment(country = 'NL', method = 'ideal') {
  const member = await createMember(services.db, { country });
  const login = await logIn(services.db, member.id);
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment.php',
    payload: { package: 'p0', method },
    ...login,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { payment_id, checkout_url } = res.json() as { payment_id: string; checkout_url: string };
  const gatewayId = new URL(checkout_url).pathname.split('/').pop() ?? '';
  return { member, login, paymentId: payment_id, checkoutUrl: checkout_url, gatewayId };
}

const choose = (gatewayId: string, outcome: string) =>
  app.inject({
    method: 'POST',
    url: `/test-gateway/${gatewayId}`,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

async function statusOf(paymentId: string) {
  const { rows } = await services.pool.query('select status, failure_reason from payments where id = $1', [
    paymentId,
  ]);
  return rows[0] as { status: string; failure_reason: string | null };
}

describe('the test gateway', () => {
  it('shows a checkout page labelled as a test, with the amount and the method', async () => {
    const { checkoutUrl, gatewayId } = await startPayment();
    expect(checkoutUrl).toBe(`${publicUrl}/test-gateway/${gatewayId}`);
    const page = await app.inject({ url: `/test-gateway/${gatewayId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Testbetaling');
    expect(page.body).toMatch(/€\s14,95/);
    expect(page.body).toContain('/payment-methods/ideal.svg');
    for (const outcome of ['paid', 'failed', 'canceled', 'expired', 'paid_later'])
      expect(page.body).toContain(`value="${outcome}"`);
    expect((await app.inject({ url: '/test-gateway/tg_unknown' })).statusCode).toBe(404);
  });

  it('pays: records the choice, notifies the webhook by HTTP, and the notice grants', async () => {
    const { member, login, paymentId, gatewayId } = await startPayment();
    const chosen = await choose(gatewayId, 'paid');
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe(`${publicUrl}/credits/p0/ideal?payment=${paymentId}`);
    // The return page alone grants nothing.
    expect(await balanceOf(services.db, member.id)).toBe(0);
    await services.jobs.drain();
    expect(await statusOf(paymentId)).toEqual({ status: 'paid', failure_reason: null });
    expect(await balanceOf(services.db, member.id)).toBe(100);
    await expect
      .poll(async () => (await app.inject({ url: '/api/user.php', ...login })).json().user)
      .toMatchObject({ paid_user: true, credits: 100 });
    // A second choice (a replayed form) changes nothing.
    await choose(gatewayId, 'failed');
    await services.jobs.drain();
    expect((await statusOf(paymentId)).status).toBe('paid');
    expect(await balanceOf(services.db, member.id)).toBe(100);
  });

  it('fails, cancels and expires with the reason, granting nothing', async () => {
    for (const outcome of ['failed', 'canceled', 'expired']) {
      const { member, paymentId, gatewayId } = await startPayment('PL', 'blik');
      await choose(gatewayId, outcome);
      await services.jobs.drain();
      const status = await statusOf(paymentId);
      expect(status.status).toBe(outcome);
      if (outcome === 'failed') expect(status.failure_reason).toBe('declined');
      expect(await balanceOf(services.db, member.id)).toBe(0);
    }
  });

  it('pays later: pending first, paid after its seconds', async () => {
    const { member, paymentId, gatewayId } = await startPayment('DE', 'giropay');
    await choose(gatewayId, 'paid_later');
    await services.jobs.drain();
    expect((await statusOf(paymentId)).status).toBe('pending');
    expect(await balanceOf(services.db, member.id)).toBe(0);
    clockOffsetMs += (PAID_LATER_SECONDS + 1) * 1000;
    await services.jobs.drain();
    expect((await statusOf(paymentId)).status).toBe('paid');
    expect(await balanceOf(services.db, member.id)).toBe(100);
  });

  it('the re-check grants a paid payment whose notice was lost, and expires abandoned checkouts', async () => {
    const lost = await startPayment();
    const abandoned = await startPayment();
    // Paid at the gateway, but the notice never arrived: its job is dropped.
    await choose(lost.gatewayId, 'paid');
    await services.pool.query(`delete from pgboss.job where name = 'test-gateway-webhook'`);
    await services.jobs.drain();
    expect(await balanceOf(services.db, lost.member.id)).toBe(0);
    // Too young to be asked about.
    expect(await recheckUnsettledPayments(services)).toBe(0);
    clockOffsetMs += RECHECK_AFTER_MS + 1000;
    // Through the job, as the cron runs it.
    await services.enqueue(PAYMENTS_RECHECK_JOB, {});
    await services.jobs.drain();
    expect((await statusOf(lost.paymentId)).status).toBe('paid');
    expect(await balanceOf(services.db, lost.member.id)).toBe(100);
    expect((await statusOf(abandoned.paymentId)).status).toBe('open');
    clockOffsetMs += OPEN_CHECKOUT_EXPIRES_MS;
    expect(await recheckUnsettledPayments(services)).toBeGreaterThanOrEqual(1);
    expect((await statusOf(abandoned.paymentId)).status).toBe('expired');
  });
});

describe('the test gateway’s operator', () => {
  const operate = (gatewayId: string, reversal: string, amount = '') =>
    app.inject({
      method: 'POST',
      url: `/test-gateway/${gatewayId}/admin`,
      payload: `reversal=${reversal}&amount=${encodeURIComponent(amount)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('refunds part, then charges back the rest of a paid payment; each notice takes its credits back', async () => {
    const { member, gatewayId, paymentId } = await startPayment();
    // Not paid yet: nothing to refund, and the page offers nothing of the kind.
    expect((await app.inject({ url: `/test-gateway/${gatewayId}` })).body).not.toContain('/admin');
    const early = await operate(gatewayId, 'refund');
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('Alleen een betaalde betaling');

    await choose(gatewayId, 'paid');
    await services.jobs.drain();
    expect(await balanceOf(services.db, member.id)).toBe(100);
    const page = await app.inject({ url: `/test-gateway/${gatewayId}` });
    expect(page.body).toContain(`action="/test-gateway/${gatewayId}/admin"`);
    for (const reversal of ['refund', 'chargeback']) expect(page.body).toContain(`value="${reversal}"`);

    // € 14,95 for 100 credits: € 5,00 back is 33.4 credits, rounded up to 34.
    const refunded = await operate(gatewayId, 'refund', '5,00');
    expect(refunded.statusCode).toBe(303);
    expect(refunded.headers.location).toBe(`/test-gateway/${gatewayId}`);
    await services.jobs.drain();
    expect(await balanceOf(services.db, member.id)).toBe(66);
    expect((await app.inject({ url: `/test-gateway/${gatewayId}` })).body).toMatch(/Terugbetaald: €\s5,00/);

    // More than is left is refused, with the reason in the payment's language.
    const tooMuch = await operate(gatewayId, 'chargeback', '10.00');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('Vul een bedrag in boven nul');
    expect((await operate(gatewayId, 'refund', 'abc')).statusCode).toBe(400);

    // Empty amount: all that is left (€ 9,95), charged back by the bank.
    expect((await operate(gatewayId, 'chargeback')).statusCode).toBe(303);
    await services.jobs.drain();
    expect(await balanceOf(services.db, member.id)).toBe(0);
    const { rows } = await services.pool.query(
      'select status, refunded_cents, charged_back_cents from payments where id = $1',
      [paymentId],
    );
    expect(rows[0]).toEqual({ status: 'paid', refunded_cents: 500, charged_back_cents: 995 });
    const blocked = await services.pool.query('select reason from direct_debit_blocks where user_id = $1', [
      member.id,
    ]);
    expect(blocked.rows).toEqual([{ reason: 'reversal' }]);
    // Nothing is left to take back.
    expect((await operate(gatewayId, 'refund', '0.01')).statusCode).toBe(400);
  });
});
