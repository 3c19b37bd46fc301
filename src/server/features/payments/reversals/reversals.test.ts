import { describe, expect, it } from 'vitest';
import type { LedgerResponse, TransactionsResponse } from '../../../../shared/contracts/transactions.ts';
import { createTestApp } from '../../../test/app.ts';
import { createMember, logIn } from '../../../test/members.ts';
import { webhookNotice } from '../../../test/payment-notices.ts';
import { scriptedProvider } from '../../../test/scripted-provider.ts';
import { balanceOf, spendCredits } from '../../credits/credits.service.ts';
import { applyProviderStatus, watchPaidPayments } from '../checkout/payments.service.ts';
import { directDebitBlockOf } from '../direct-debit/direct-debit-blocks.ts';
import { setPaymentProvider } from '../providers/provider-choice.ts';
import { creditsReversed, listReversedPayments } from './reversals.ts';

const { app, services } = await createTestApp();
const scripted = scriptedProvider();
setPaymentProvider(services, scripted.provider);

type Login = Awaited<ReturnType<typeof logIn>>;

/** A purchase started by the member (not paid yet): our id, the provider's, its amount and credits. */
async function startPurchase(login: Login, packageId = 'p1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment.php',
    payload: { package: packageId, method: 'ideal' },
    ...login,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { payment_id } = res.json() as { payment_id: string };
  const { rows } = await services.pool.query(
    'select provider_payment_id, amount_cents, credits from payments where id = $1',
    [payment_id],
  );
  return {
    paymentId: payment_id,
    providerId: rows[0].provider_payment_id as string,
    amount: rows[0].amount_cents as number,
    credits: rows[0].credits as number,
  };
}

/** A member with a paid p1 purchase (its notice applied): the credits granted, premium. */
async function paidPurchase(packageId = 'p1') {
  const member = await createMember(services.db, { country: 'NL' });
  const login = await logIn(services.db, member.id);
  const before = await balanceOf(services.db, member.id);
  const { paymentId: payment_id, providerId, amount, credits } = await startPurchase(login, packageId);
  scripted.set(providerId, 'paid');
  await notice(providerId);
  expect(await balanceOf(services.db, member.id)).toBe(before + credits);
  /** The provider's cumulative amounts that went back (the payment stays paid, as at Mollie). */
  const reverse = (back: { refunded?: number; chargedBack?: number }) =>
    scripted.set(providerId, 'paid', {
      amountRefunded: { cents: back.refunded ?? 0, currency: 'EUR' },
      amountChargedBack: { cents: back.chargedBack ?? 0, currency: 'EUR' },
    });
  return { member, login, before, paymentId: payment_id, providerId, amount, credits, reverse };
}

const notice = (id: string) => webhookNotice({ app, services }, id);

/** Records the ids the product asks the provider about; restore() also puts the clock back. */
function watchProviderFetches() {
  const realNow = services.now;
  const getPayment = scripted.provider.getPayment;
  const fetched: string[] = [];
  scripted.provider.getPayment = (id) => {
    fetched.push(id);
    return getPayment(id);
  };
  return {
    fetched,
    restore: () => {
      services.now = realNow;
      scripted.provider.getPayment = getPayment;
    },
  };
}

async function reversalRows(userId: number) {
  const { rows } = await services.pool.query(
    `select delta, shortfall, reason, reference from credit_ledger
      where user_id = $1 and kind = 'reversal' order by id`,
    [userId],
  );
  return rows as { delta: number; shortfall: number; reason: string; reference: string }[];
}

async function paymentRow(paymentId: string) {
  const { rows } = await services.pool.query(
    `select status, refunded_cents, charged_back_cents, credits_taken_back, credits_shortfall,
            refunded_at, charged_back_at from payments where id = $1`,
    [paymentId],
  );
  return rows[0];
}

async function paidUser(userId: number) {
  const { rows } = await services.pool.query('select paid_user from users where id = $1', [userId]);
  return rows[0].paid_user as boolean;
}

const spend = (userId: number, amount: number, reference: string) =>
  services.db.transaction((tx) => spendCredits(tx, { userId, amount, reason: 'message', reference }));

describe('the credits of a reversed part of a payment', () => {
  it('are proportional, rounded up, and add up to all the credits over several partial refunds', () => {
    const payment = { credits: 600, amountCents: 1995 };
    expect(creditsReversed(payment, 0)).toBe(0);
    expect(creditsReversed(payment, 1)).toBe(1);
    expect(creditsReversed(payment, 665)).toBe(200);
    expect(creditsReversed(payment, 666)).toBe(201);
    expect(creditsReversed(payment, 1995)).toBe(600);
    expect(creditsReversed(payment, 5000)).toBe(600);
    // Steps of any size sum to exactly the whole.
    let taken = 0;
    let cents = 0;
    for (const step of [7, 300, 1, 999, 688]) {
      taken += creditsReversed(payment, cents + step) - creditsReversed(payment, cents);
      cents += step;
    }
    expect(cents).toBe(1995);
    expect(taken).toBe(600);
  });
});

describe('a refund or a chargeback of a paid payment', () => {
  it('full refund: the balance is what it was before the grant, the payment stays paid, premium ends', async () => {
    const { member, before, paymentId, providerId, credits, amount, reverse } = await paidPurchase();
    expect(await paidUser(member.id)).toBe(true);
    reverse({ refunded: amount });
    expect((await notice(providerId)).statusCode).toBe(200);
    expect(await balanceOf(services.db, member.id)).toBe(before);
    expect(await reversalRows(member.id)).toEqual([
      {
        delta: -credits,
        shortfall: 0,
        reason: 'refund_reversal',
        reference: `reversal:refund_reversal:test:${providerId}:${amount}`,
      },
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      refunded_cents: amount,
      charged_back_cents: 0,
      credits_taken_back: credits,
      credits_shortfall: 0,
      refunded_at: expect.any(Date),
      charged_back_at: null,
    });
    // The operator's refund is no bank reversal: direct debit stays open.
    expect(await directDebitBlockOf(services.db, member.id)).toBeNull();
    // The only purchase was taken back whole: the member bought nothing, so is premium no more.
    expect(await paidUser(member.id)).toBe(false);
  });

  it('partial refund: the credits of that part only, proportionally; a second refund the rest', async () => {
    const { member, before, paymentId, providerId, credits, amount, reverse } = await paidPurchase();
    const third = Math.floor(amount / 3);
    reverse({ refunded: third });
    await notice(providerId);
    const firstTaken = creditsReversed({ credits, amountCents: amount }, third);
    expect(firstTaken).toBe(Math.ceil((credits * third) / amount));
    expect(await balanceOf(services.db, member.id)).toBe(before + credits - firstTaken);
    // Still premium: most of the purchase stands.
    expect(await paidUser(member.id)).toBe(true);

    reverse({ refunded: amount });
    await notice(providerId);
    expect(await balanceOf(services.db, member.id)).toBe(before);
    expect((await reversalRows(member.id)).map((r) => r.delta)).toEqual([
      -firstTaken,
      -(credits - firstTaken),
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({
      refunded_cents: amount,
      credits_taken_back: credits,
    });
  });

  it('chargeback after spending: balance 0, the shortfall recorded, direct debit blocked', async () => {
    const { member, before, paymentId, providerId, credits, amount, reverse } = await paidPurchase();
    const spent = before + credits - 25;
    await spend(member.id, spent, `msg-${member.id}`);
    expect(await balanceOf(services.db, member.id)).toBe(25);

    reverse({ chargedBack: amount });
    await notice(providerId);
    expect(await balanceOf(services.db, member.id)).toBe(0);
    expect(await reversalRows(member.id)).toEqual([
      {
        delta: -25,
        shortfall: credits - 25,
        reason: 'chargeback',
        reference: `reversal:chargeback:test:${providerId}:${amount}`,
      },
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      charged_back_cents: amount,
      credits_taken_back: 25,
      credits_shortfall: credits - 25,
      charged_back_at: expect.any(Date),
    });
    expect(await directDebitBlockOf(services.db, member.id)).toMatchObject({
      reason: 'reversal',
      paymentId,
    });
    // The back office sees the payment, what is owed, and the block.
    expect(await listReversedPayments(services.db, { userId: member.id })).toEqual([
      expect.objectContaining({
        paymentId,
        chargedBackCents: amount,
        creditsTakenBack: 25,
        creditsShortfall: credits - 25,
        directDebitBlocked: true,
      }),
    ]);
    const owing = await listReversedPayments(services.db, { withShortfall: true });
    expect(owing.map((p) => p.paymentId)).toContain(paymentId);
  });

  it('a chargeback of an empty balance writes a row of 0 with the whole shortfall', async () => {
    const { member, before, providerId, credits, amount, reverse } = await paidPurchase();
    await spend(member.id, before + credits, `msg-all-${member.id}`);
    reverse({ chargedBack: amount });
    await notice(providerId);
    expect(await balanceOf(services.db, member.id)).toBe(0);
    expect(await reversalRows(member.id)).toEqual([
      expect.objectContaining({ delta: 0, shortfall: credits }),
    ]);
  });

  it('the same notice 100 times at once takes back once', async () => {
    const { member, before, providerId, credits, amount, reverse } = await paidPurchase();
    reverse({ refunded: Math.floor(amount / 2), chargedBack: amount - Math.floor(amount / 2) });
    const answers = await Promise.all(Array.from({ length: 100 }, () => notice(providerId)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await balanceOf(services.db, member.id)).toBe(before);
    const rows = await reversalRows(member.id);
    expect(rows.map((r) => r.reason)).toEqual(['refund_reversal', 'chargeback']);
    expect(rows.reduce((sum, r) => sum - r.delta, 0)).toBe(credits);
    const grants = await services.pool.query(
      `select count(*)::int n from credit_ledger where user_id = $1 and reason = 'purchase'`,
      [member.id],
    );
    expect(grants.rows[0].n).toBe(1);
  });

  it('a chargeback whose webhook never came is found by the reversal watch at the next milestone', async () => {
    const { member, before, paymentId, providerId, amount, reverse } = await paidPurchase();
    const { fetched, restore } = watchProviderFetches();
    const at = (ms: number) => {
      services.now = () => new Date(Date.now() + ms);
    };
    try {
      // Charged back at the provider; its notice is lost.
      reverse({ chargedBack: amount });
      // Before the first milestone (a day after paid) nobody asks.
      await watchPaidPayments(services, scripted.provider);
      expect(fetched).not.toContain(providerId);
      expect(await balanceOf(services.db, member.id)).toBeGreaterThan(before);

      at(86_400_000 + 60_000);
      expect(await watchPaidPayments(services, scripted.provider)).toBeGreaterThanOrEqual(1);
      expect(fetched.filter((id) => id === providerId)).toHaveLength(1);
      expect(await balanceOf(services.db, member.id)).toBe(before);
      expect((await reversalRows(member.id)).map((r) => r.reason)).toEqual(['chargeback']);
      expect(await directDebitBlockOf(services.db, member.id)).not.toBeNull();

      // Asked at this milestone: not again until the next one (7 days), then once more.
      await watchPaidPayments(services, scripted.provider);
      at(3 * 86_400_000);
      await watchPaidPayments(services, scripted.provider);
      expect(fetched.filter((id) => id === providerId)).toHaveLength(1);
      at(7 * 86_400_000 + 60_000);
      await watchPaidPayments(services, scripted.provider);
      expect(fetched.filter((id) => id === providerId)).toHaveLength(2);
      // Nothing more to take back: the chargeback is applied once.
      expect((await reversalRows(member.id)).map((r) => r.reason)).toEqual(['chargeback']);
      expect(await paymentRow(paymentId)).toMatchObject({ status: 'paid', charged_back_cents: amount });
    } finally {
      restore();
    }
  });

  it('the reversal watch asks about the paid payments of the last 13 months only', async () => {
    const { providerId } = await paidPurchase();
    const { fetched, restore } = watchProviderFetches();
    try {
      services.now = () => new Date(Date.now() + 402 * 86_400_000);
      await watchPaidPayments(services, scripted.provider);
      expect(fetched).not.toContain(providerId);
    } finally {
      restore();
    }
  });

  it('a late or repeated notice with smaller amounts than we saw takes nothing back again', async () => {
    const { member, before, providerId, credits, amount, reverse } = await paidPurchase();
    reverse({ refunded: amount });
    await notice(providerId);
    // A stale answer (a provider's replica behind): amounts only rise on our side.
    reverse({ refunded: Math.floor(amount / 2) });
    await notice(providerId);
    reverse({ refunded: amount });
    await notice(providerId);
    expect(await balanceOf(services.db, member.id)).toBe(before);
    expect((await reversalRows(member.id)).map((r) => r.delta)).toEqual([-credits]);
  });

  it('out of order: a chargeback seen before the paid notice grants and takes back in one go', async () => {
    const member = await createMember(services.db, { country: 'NL' });
    const login = await logIn(services.db, member.id);
    const before = await balanceOf(services.db, member.id);
    const { providerId, amount, credits } = await startPurchase(login, 'p0');
    // Our row is still open: the paid notice was lost; the provider now reports paid and charged back.
    scripted.set(providerId, 'paid', { amountChargedBack: { cents: amount, currency: 'EUR' } });
    const result = await applyProviderStatus(services, providerId, scripted.provider);
    expect(result).toMatchObject({
      outcome: 'applied',
      status: 'paid',
      granted: true,
      reversed: { taken: credits, shortfall: 0, premiumEnded: true },
    });
    expect(await balanceOf(services.db, member.id)).toBe(before);
    expect(await directDebitBlockOf(services.db, member.id)).not.toBeNull();
    expect(await paidUser(member.id)).toBe(false);
    // The paid notice arriving now changes nothing more.
    expect((await applyProviderStatus(services, providerId, scripted.provider)).outcome).toBe('unchanged');
    expect(await balanceOf(services.db, member.id)).toBe(before);
  });

  it('keeps premium while another purchase stands', async () => {
    const first = await paidPurchase('p0');
    const second = await startPurchase(first.login, 'p1');
    scripted.set(second.providerId, 'paid');
    await notice(second.providerId);
    first.reverse({ chargedBack: first.amount });
    await notice(first.providerId);
    expect(await paidUser(first.member.id)).toBe(true);
  });

  it('shows the member the reversal in the credit history and the transaction', async () => {
    const { member, login, before, paymentId, providerId, credits, amount, reverse } = await paidPurchase();
    await spend(member.id, before + credits - 10, `msg-seen-${member.id}`);
    reverse({ chargedBack: amount });
    await notice(providerId);
    const ledger = await app.inject({ url: '/api/credit-ledger.php', ...login });
    expect(ledger.statusCode).toBe(200);
    const [latest] = (ledger.json() as LedgerResponse).entries;
    expect(latest).toMatchObject({
      kind: 'reversal',
      reason: 'chargeback',
      delta: -10,
      shortfall: credits - 10,
      balance_after: 0,
    });
    const list = await app.inject({ url: '/api/transactions.php', ...login });
    const [tx] = (list.json() as TransactionsResponse).transactions;
    expect(tx).toMatchObject({
      payment_id: paymentId,
      status: 'paid',
      refunded_amount: 0,
      charged_back_amount: amount,
      charged_back_at: expect.any(String),
    });
  });

  it('ignores a reversal reported in another currency than the payment', async () => {
    const { member, before, providerId, credits } = await paidPurchase();
    scripted.set(providerId, 'paid', { amountRefunded: { cents: 100, currency: 'PLN' } });
    await notice(providerId);
    expect(await balanceOf(services.db, member.id)).toBe(before + credits);
  });
});
