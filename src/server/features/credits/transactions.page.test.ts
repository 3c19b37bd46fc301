import { describe, expect, it } from 'vitest';
import {
  LEDGER_PAGE_SIZE,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionReceipt,
  type TransactionsFirstPages,
  TransactionsPageQuerySchema,
} from '../../../shared/contracts/transactions.ts';
import { createTestApp } from '../../test/app.ts';
import { loadContextPages } from '../../test/load-context-page.ts';
import { createMember, logIn, type TestLogin } from '../../test/members.ts';
import { insertPayment } from '../../test/payments.ts';
import { creditsFeature } from './credits.feature.ts';
import { grantCredits, spendCredits } from './credits.service.ts';

/**
 * /transactions' lists and a receipt, rendered with the page's HTML: what the credits feature's
 * load-context part answers the page's loader (loadContextPages stands in for the SSR route).
 */
const { app: api, services } = await createTestApp();
const page = await loadContextPages(services, creditsFeature, {
  // The page's loader reads ?page= and ?before= from its address as this does.
  '/transactions': (part, request) =>
    part.transactions?.firstPages?.(TransactionsPageQuerySchema.parse(request.query)),
  '/transactions/:id': (part, request) => part.transactions?.receipt?.(request.params.id ?? ''),
});
const firstPages = (login: TestLogin | null, zone?: string, search = '') =>
  page<TransactionsFirstPages>(`/transactions${search}`, login, zone);

describe('the lists of /transactions, rendered with the HTML', () => {
  it('are the member’s own, as the two calls answer them, with the zone of the browser’s cookie', async () => {
    const member = await createMember(services.db, { country: 'DE' });
    const other = await createMember(services.db);
    await services.db.transaction(async (tx) => {
      await grantCredits(tx, {
        userId: member.id,
        amount: 40,
        reason: 'purchase',
        reference: `p:${member.id}`,
      });
      await grantCredits(tx, { userId: other.id, amount: 5, reason: 'signup', reference: `p:${other.id}` });
      await spendCredits(tx, {
        userId: member.id,
        amount: 3,
        reason: 'message',
        reference: `m:${member.id}`,
      });
    });
    const login = await logIn(services.db, member.id);
    const answer = await firstPages(login, 'America/New_York');
    if (!answer.ok) throw new Error(answer.message);
    const calls = await Promise.all(
      ['/api/transactions.php', '/api/credit-ledger.php'].map(async (url) =>
        (await api.inject({ url, ...login })).json(),
      ),
    );
    expect(answer.data).toEqual({ payments: calls[0], ledger: calls[1], time_zone: 'America/New_York' });
    expect(answer.data.ledger.entries.map((e) => [e.reason, e.delta])).toEqual([
      ['message', -3],
      ['purchase', 40],
    ]);
  });

  it('are the pages the address names (?page= of the payments, ?before= of the history), as the calls answer them', async () => {
    const member = await createMember(services.db, { country: 'NL' });
    for (let i = 0; i <= TRANSACTIONS_PAGE_SIZE; i++)
      await insertPayment(services.db, member.id, {
        amountCents: 1210,
        country: 'NL',
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      });
    await services.db.transaction(async (tx) => {
      for (let i = 0; i <= LEDGER_PAGE_SIZE; i++)
        await grantCredits(tx, {
          userId: member.id,
          amount: 1,
          reason: 'demo',
          reference: `d:${member.id}:${i}`,
        });
    });
    const login = await logIn(services.db, member.id);
    const call = async (url: string) => (await api.inject({ url, ...login })).json();
    const newest = await firstPages(login, 'Europe/Amsterdam');
    if (!newest.ok) throw new Error(newest.message);
    expect(newest.data.payments).toMatchObject({ page: 1, has_more: true });
    const before = newest.data.ledger.next_before;
    expect(before).not.toBeNull();

    const older = await firstPages(login, 'Europe/Amsterdam', `?page=2&before=${before}`);
    expect(older).toEqual({
      ok: true,
      data: {
        payments: await call('/api/transactions.php?page=2'),
        ledger: await call(`/api/credit-ledger.php?before=${before}`),
        time_zone: 'Europe/Amsterdam',
      },
    });
    if (!older.ok) throw new Error(older.message);
    expect(older.data.payments.transactions).toHaveLength(1);
    expect(older.data.ledger.entries).toHaveLength(1);
    expect(older.data.ledger.next_before).toBeNull();
  });

  it('show dates in the member’s country’s zone when the browser has not told its own, or told one Intl does not know', async () => {
    const member = await createMember(services.db, { country: 'DE' });
    const login = await logIn(services.db, member.id);
    for (const zone of [undefined, 'Mars/Olympus_Mons'])
      expect(await firstPages(login, zone)).toMatchObject({ ok: true, data: { time_zone: 'Europe/Berlin' } });
  });

  it('are refused to a visitor as the calls refuse one', async () => {
    expect(await firstPages(null)).toMatchObject({ ok: false, status: 403, code: 'authentication_required' });
  });
});

describe('a receipt, rendered with the HTML', () => {
  const receiptOf = (login: TestLogin | null, id: string, zone?: string) =>
    page<TransactionReceipt>(`/transactions/${encodeURIComponent(id)}`, login, zone);

  it('is the member’s own payment as the call answers it; another member’s, a bad id or a visitor are refused as the call refuses them', async () => {
    const owner = await createMember(services.db, { country: 'NL' });
    const other = await createMember(services.db);
    const payment = await insertPayment(services.db, owner.id, {
      amountCents: 1210,
      country: 'NL',
      createdAt: new Date('2026-11-20T23:30:00Z'),
    });
    const login = await logIn(services.db, owner.id);
    const call = (await api.inject({ url: `/api/transaction.php?id=${payment.id}`, ...login })).json();
    expect(await receiptOf(login, payment.id)).toEqual({
      ok: true,
      data: { ...call, time_zone: 'Europe/Amsterdam' },
    });
    expect(await receiptOf(login, payment.id, 'Asia/Tokyo')).toMatchObject({
      data: { time_zone: 'Asia/Tokyo' },
    });

    const otherLogin = await logIn(services.db, other.id);
    for (const [who, id] of [
      [otherLogin, payment.id],
      [login, crypto.randomUUID()],
      [login, 'not-a-payment'],
    ] as const)
      expect(await receiptOf(who, id)).toMatchObject({ ok: false, status: 404, code: 'payment_not_found' });
    expect(await receiptOf(null, payment.id)).toMatchObject({
      ok: false,
      status: 403,
      code: 'authentication_required',
    });
  });
});
