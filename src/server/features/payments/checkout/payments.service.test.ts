import { describe, expect, it } from 'vitest';
import type { CreditOffersResponse, PaymentResponse } from '../../../../shared/contracts/payments.ts';
import { createTestApp } from '../../../test/app.ts';
import { createMember, logIn, type TestLogin } from '../../../test/members.ts';
import { scriptedProvider } from '../../../test/scripted-provider.ts';
import { balanceOf } from '../../credits/credits.service.ts';
import { DEFAULT_SETTINGS } from '../../settings/settings.defaults.ts';
import { sweepPaymentNotices } from '../notices/payment-notices.ts';
import type { PaymentProvider } from '../providers/payment-provider.ts';
import { setPaymentProvider } from '../providers/provider-choice.ts';
import { applyProviderStatus, takesStatus } from './payments.service.ts';

const { app, services } = await createTestApp();

const scripted = scriptedProvider();
setPaymentProvider(services, scripted.provider);

async function offersOf(login: TestLogin) {
  const res = await app.inject({ url: '/api/credit-packages.php', ...login });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CreditOffersResponse;
}

async function start(login: TestLogin, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/payment.php', payload: body, ...login });
}

async function startPaid(country = 'NL') {
  const member = await createMember(services.db, { country });
  const login = await logIn(services.db, member.id);
  const res = await start(login, { package: 'p0', method: country === 'PL' ? 'blik' : 'ideal' });
  expect(res.statusCode, res.body).toBe(200);
  const { payment_id } = res.json() as { payment_id: string };
  const { rows } = await services.pool.query(
    'select provider_payment_id, amount_cents, credits, currency from payments where id = $1',
    [payment_id],
  );
  return {
    member,
    login,
    paymentId: payment_id,
    providerId: rows[0].provider_payment_id as string,
    row: rows[0],
  };
}

async function ledgerRows(userId: number) {
  const { rows } = await services.pool.query(
    `select delta, reference from credit_ledger where user_id = $1 and reason = 'purchase'`,
    [userId],
  );
  return rows;
}

async function paidUser(userId: number) {
  const { rows } = await services.pool.query('select paid_user from users where id = $1', [userId]);
  return rows[0].paid_user as boolean;
}

describe('the packages and methods a member is offered', () => {
  it('prices the packages in the member’s currency, from the settings', async () => {
    const nl = await offersOf(
      await logIn(services.db, (await createMember(services.db, { country: 'NL' })).id),
    );
    expect(nl.currency).toBe('EUR');
    expect(nl.packages.map((p) => [p.id, p.amount])).toEqual(
      DEFAULT_SETTINGS.credit_packages.map((p) => [p.id, p.prices.EUR]),
    );
    expect(nl.packages.find((p) => p.id === 'p2')?.popular).toBe(true);
    const pl = await offersOf(
      await logIn(services.db, (await createMember(services.db, { country: 'PL' })).id),
    );
    expect(pl.currency).toBe('PLN');
    expect(pl.packages[0]?.amount).toBe(DEFAULT_SETTINGS.credit_packages[0]?.prices.PLN);
  });

  it('offers the methods of the member’s country and currency that the provider takes', async () => {
    const methodsOf = async (country: string) =>
      (await offersOf(await logIn(services.db, (await createMember(services.db, { country })).id))).methods;
    const nl = await methodsOf('NL');
    expect(nl[0]).toBe('ideal');
    expect(nl).toContain('paypal');
    expect(nl).not.toContain('blik');
    expect(nl).not.toContain('bancontact');
    const pl = await methodsOf('PL');
    expect(pl).toEqual(expect.arrayContaining(['blik', 'prezelewy24', 'creditcard']));
    expect(pl).not.toContain('ideal');
    expect(await methodsOf('BE')).toContain('bancontact');
    const us = await methodsOf('US');
    expect(us).toEqual(['creditcard', 'paypal']);
  });

  it('refuses visitors', async () => {
    const res = await app.inject({ url: '/api/credit-packages.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });
});

describe('POST /api/payment.php', () => {
  it('computes the amount on the server: credits sent along are ignored, a tampered price refused', async () => {
    const member = await createMember(services.db, { country: 'NL' });
    const login = await logIn(services.db, member.id);
    const tampered = await start(login, { package: 'p2', method: 'ideal', amount: 1 });
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error.code).toBe('price_changed');
    const res = await start(login, { package: 'p2', method: 'ideal', credits: 99999 });
    expect(res.statusCode, res.body).toBe(200);
    const { payment_id, checkout_url } = res.json();
    expect(checkout_url).toMatch(/^https:\/\/checkout\.example\//);
    const { rows } = await services.pool.query('select * from payments where id = $1', [payment_id]);
    const p2 = DEFAULT_SETTINGS.credit_packages.find((p) => p.id === 'p2');
    expect(rows[0]).toMatchObject({
      user_id: member.id,
      package_id: 'p2',
      credits: p2?.credits,
      amount_cents: p2?.prices.EUR,
      currency: 'EUR',
      method: 'ideal',
      status: 'open',
      provider: 'test',
    });
  });

  it('refuses a tampered package or a method the member cannot use', async () => {
    const member = await createMember(services.db, { country: 'NL' });
    const login = await logIn(services.db, member.id);
    const badPackage = await start(login, { package: 'p9', method: 'ideal' });
    expect(badPackage.statusCode).toBe(400);
    expect(badPackage.json().error.code).toBe('validation_failed');
    const badMethod = await start(login, { package: 'p0', method: 'blik' });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json().error.code).toBe('payment_method_unavailable');
    // Known to the catalogue, but not taken by this provider.
    const notTaken = await start(login, { package: 'p0', method: 'paysafecard' });
    expect(notTaken.json().error.code).toBe('payment_method_unavailable');
    const { rows } = await services.pool.query('select count(*)::int as n from payments where user_id = $1', [
      member.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses visitors and a request without the CSRF token', async () => {
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: 'p0', method: 'ideal' },
    });
    expect(visitor.json().error.code).toBe('authentication_required');
    const login = await logIn(services.db, (await createMember(services.db)).id);
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: 'p0', method: 'ideal' },
      cookies: login.cookies,
    });
    expect(noToken.json().error.code).toBe('csrf_failed');
  });
});

describe('POST /api/payment-webhook.php', () => {
  /** A notice, answered once stored; waits for its application too (it follows on this instance). */
  const notice = async (id: string, form = true) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      ...(form
        ? {
            payload: `id=${encodeURIComponent(id)}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload: { id } }),
    });
    await services.background.idle();
    return answer;
  };

  it('grants once for 50 concurrent notices of one paid payment, and makes the member premium', async () => {
    const { member, providerId, row } = await startPaid();
    scripted.set(providerId, 'paid');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => notice(providerId, i % 2 === 0)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(await ledgerRows(member.id)).toEqual([
      { delta: row.credits, reference: `payment:test:${providerId}` },
    ]);
    expect(await balanceOf(services.db, member.id)).toBe(row.credits);
    expect(await paidUser(member.id)).toBe(true);
    const { rows } = await services.pool.query(
      'select status, paid_at from payments where provider_payment_id = $1',
      [providerId],
    );
    expect(rows[0].status).toBe('paid');
    expect(rows[0].paid_at).not.toBeNull();
  });

  it('answers a storm once each notice is stored, and asks the provider once per payment, not per notice', async () => {
    const { member, providerId, row } = await startPaid();
    scripted.set(providerId, 'paid');
    const callsBefore = scripted.api.calls;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/payment-webhook.php',
          payload: `id=${providerId}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    await services.background.idle();
    // One round for the first notice and one for those that came during it (the status may have
    // moved after the first fetch): not fifty.
    expect(scripted.api.calls - callsBefore).toBeLessThanOrEqual(3);
    expect(await ledgerRows(member.id)).toEqual([
      { delta: row.credits, reference: `payment:test:${providerId}` },
    ]);
    const { rows } = await services.pool.query('select count(*)::int as n from payment_notices');
    expect(rows[0].n).toBe(0);
  });

  it('keeps a notice the provider could not be asked about, and the sweep applies it later', async () => {
    const { member, providerId, row } = await startPaid();
    scripted.set(providerId, 'paid');
    scripted.api.down = true;
    try {
      expect((await notice(providerId)).statusCode).toBe(200);
    } finally {
      scripted.api.down = false;
    }
    expect(await balanceOf(services.db, member.id)).toBe(0);
    const kept = await services.pool.query(
      'select n.id from payment_notices n join payments p on p.id = n.payment_id where p.provider_payment_id = $1',
      [providerId],
    );
    expect(kept.rows).toHaveLength(1);
    // Not yet: the instance that took a notice may still be applying it.
    expect(await sweepPaymentNotices(services)).toBe(0);
    await services.pool.query(
      "update payment_notices set received_at = now() - interval '2 minutes' where id = $1",
      [kept.rows[0].id],
    );
    expect(await sweepPaymentNotices(services)).toBe(1);
    expect(await balanceOf(services.db, member.id)).toBe(row.credits);
    expect(await paidUser(member.id)).toBe(true);
    const { rows } = await services.pool.query('select count(*)::int as n from payment_notices');
    expect(rows[0].n).toBe(0);
  });

  it('keeps a payment paid when a late notice says pending, failed or open', async () => {
    const { member, providerId, row } = await startPaid();
    scripted.set(providerId, 'paid');
    await notice(providerId);
    for (const later of ['pending', 'open', 'failed', 'expired'] as const) {
      scripted.set(providerId, later);
      expect((await notice(providerId)).statusCode).toBe(200);
    }
    scripted.set(providerId, 'paid');
    await notice(providerId);
    const { rows } = await services.pool.query('select status from payments where provider_payment_id = $1', [
      providerId,
    ]);
    expect(rows[0].status).toBe('paid');
    expect(await balanceOf(services.db, member.id)).toBe(row.credits);
    expect(await ledgerRows(member.id)).toHaveLength(1);
  });

  it('grants a payment the provider reports paid after it failed (the provider has the money)', async () => {
    const { member, providerId, row } = await startPaid();
    scripted.set(providerId, 'failed', { failureReason: 'insufficient funds' });
    await notice(providerId);
    let { rows } = await services.pool.query(
      'select status, failure_reason from payments where provider_payment_id = $1',
      [providerId],
    );
    expect(rows[0]).toEqual({ status: 'failed', failure_reason: 'insufficient funds' });
    expect(await paidUser(member.id)).toBe(false);
    scripted.set(providerId, 'paid');
    await notice(providerId);
    ({ rows } = await services.pool.query(
      'select status, failure_reason from payments where provider_payment_id = $1',
      [providerId],
    ));
    expect(rows[0]).toEqual({ status: 'paid', failure_reason: null });
    expect(await balanceOf(services.db, member.id)).toBe(row.credits);
  });

  it('moves only forward among the other states', () => {
    expect(takesStatus('open', 'pending')).toBe(true);
    expect(takesStatus('pending', 'open')).toBe(false);
    expect(takesStatus('failed', 'canceled')).toBe(false);
    expect(takesStatus('expired', 'pending')).toBe(false);
    expect(takesStatus('canceled', 'paid')).toBe(true);
    expect(takesStatus('paid', 'paid')).toBe(false);
  });

  it('answers 200 for an unknown or forged id and changes nothing', async () => {
    const { member, providerId } = await startPaid();
    for (const id of ['tr_doesnotexist', `${providerId}x`, "'; drop table payments; --"]) {
      const res = await notice(id);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
    }
    // Still open at the provider: a notice for it changes nothing either.
    expect((await notice(providerId)).statusCode).toBe(200);
    expect(await balanceOf(services.db, member.id)).toBe(0);
    const empty = await app.inject({ method: 'POST', url: '/api/payment-webhook.php', payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('never grants a paid payment whose amount differs from ours', async () => {
    const { member, providerId } = await startPaid();
    scripted.set(providerId, 'paid', { amount: { cents: 1, currency: 'EUR' } });
    await notice(providerId);
    expect(await balanceOf(services.db, member.id)).toBe(0);
    expect(await paidUser(member.id)).toBe(false);
  });

  it('tells the member’s open session that they are premium now (no stale paid_user)', async () => {
    const { login, providerId } = await startPaid();
    const before = await app.inject({ url: '/api/user.php', ...login });
    expect(before.json().user.paid_user).toBe(false);
    scripted.set(providerId, 'paid');
    await notice(providerId);
    // paid_user at once (the session is dropped on this instance before the commit, and on every
    // instance when it commits); the balance as soon as credits_changed is heard.
    const after = await app.inject({ url: '/api/user.php', ...login });
    expect(after.json().user.paid_user).toBe(true);
    await expect
      .poll(async () => (await app.inject({ url: '/api/user.php', ...login })).json().user.credits)
      .toBe(100);
  });
});

describe('GET /api/payment.php (the return page)', () => {
  it('answers the status without granting anything, to the owner only', async () => {
    const { member, login, paymentId, providerId } = await startPaid();
    scripted.set(providerId, 'paid');
    const res = await app.inject({ url: `/api/payment.php?id=${paymentId}`, ...login });
    expect(res.statusCode, res.body).toBe(200);
    const { payment } = res.json() as PaymentResponse;
    expect(payment).toMatchObject({ payment_id: paymentId, status: 'open', package: 'p0', method: 'ideal' });
    expect(JSON.stringify(payment)).not.toContain(providerId);
    expect(await balanceOf(services.db, member.id)).toBe(0);
    expect(await paidUser(member.id)).toBe(false);

    const other = await logIn(services.db, (await createMember(services.db)).id);
    const foreign = await app.inject({ url: `/api/payment.php?id=${paymentId}`, ...other });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('payment_not_found');
    const bogus = await app.inject({ url: '/api/payment.php?id=nope', ...login });
    expect(bogus.json().error.code).toBe('payment_not_found');
    const visitor = await app.inject({ url: `/api/payment.php?id=${paymentId}` });
    expect(visitor.json().error.code).toBe('authentication_required');
  });
});

describe('applyProviderStatus', () => {
  it('answers unknown for ids we never handed out, without asking the provider', async () => {
    let asked = 0;
    const counting: PaymentProvider = {
      ...scripted.provider,
      getPayment: async (id) => {
        asked += 1;
        return scripted.provider.getPayment(id);
      },
    };
    expect(await applyProviderStatus(services, 'never-made', counting)).toEqual({ outcome: 'unknown' });
    expect(asked).toBe(0);
  });
});
