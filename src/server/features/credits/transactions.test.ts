import { describe, expect, it } from 'vitest';
import type {
  LedgerResponse,
  TransactionResponse,
  TransactionsResponse,
} from '../../../shared/contracts/transactions.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { insertPayment } from '../../test/payments.ts';
import { grantCredits, spendCredits } from './credits.service.ts';
import { vatIncluded, vatRateBp } from './vat.ts';

const { app, services } = await createTestApp();

describe('VAT inside the amount', () => {
  it('is amount × rate / (1 + rate), rounded half up to the cent', () => {
    expect(vatIncluded(1210, 2100)).toBe(210); // 12.10 incl. 21%: 10.00 + 2.10
    expect(vatIncluded(1999, 2100)).toBe(347); // 346.94… → 347
    expect(vatIncluded(1999, 1900)).toBe(319); // 319.16… → 319
    expect(vatIncluded(4999, 810)).toBe(375); // 374.56… → 375
    expect(vatIncluded(1999, 0)).toBe(0);
    expect(vatRateBp('NL')).toBe(2100);
    expect(vatRateBp('ch')).toBe(810);
    expect(vatRateBp('US')).toBe(0);
  });
});

describe('GET /api/transactions.php and /api/transaction.php', () => {
  it('lists only the caller’s payments, newest first, with the VAT of the country they paid from', async () => {
    const owner = await createMember(services.db, { country: 'DE' });
    const other = await createMember(services.db);
    const older = await insertPayment(services.db, owner.id, {
      amountCents: 1999,
      country: 'NL',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    const newer = await insertPayment(services.db, owner.id, {
      amountCents: 1999,
      country: 'DE',
      createdAt: new Date('2026-02-01T10:00:00Z'),
    });
    const foreign = await insertPayment(services.db, other.id, {
      amountCents: 999,
      country: 'NL',
      createdAt: new Date('2026-03-01T10:00:00Z'),
    });
    const login = await logIn(services.db, owner.id);

    const res = await app.inject({ url: '/api/transactions.php', ...login });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TransactionsResponse;
    expect(body.transactions.map((t) => t.payment_id)).toEqual([newer.id, older.id]);
    expect(body.has_more).toBe(false);
    expect(body.transactions[0]).toMatchObject({ amount: 1999, vat: 319, vat_rate_bp: 1900, country: 'DE' });
    expect(body.transactions[1]).toMatchObject({ amount: 1999, vat: 347, vat_rate_bp: 2100 });

    const one = await app.inject({ url: `/api/transaction.php?id=${older.id}`, ...login });
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as TransactionResponse).transaction).toMatchObject({ payment_id: older.id, vat: 347 });

    // Another member's payment and an id that does not exist answer the same.
    const theirs = await app.inject({ url: `/api/transaction.php?id=${foreign.id}`, ...login });
    const unknown = await app.inject({ url: `/api/transaction.php?id=${crypto.randomUUID()}`, ...login });
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
  });

  it('pages by 50', async () => {
    const member = await createMember(services.db);
    for (let i = 0; i < 51; i++)
      await insertPayment(services.db, member.id, {
        amountCents: 500 + i,
        country: 'NL',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    const login = await logIn(services.db, member.id);
    const first = (
      await app.inject({ url: '/api/transactions.php', ...login })
    ).json() as TransactionsResponse;
    expect(first.transactions).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(first.transactions[0]?.amount).toBe(550);
    const second = (
      await app.inject({ url: '/api/transactions.php?page=2', ...login })
    ).json() as TransactionsResponse;
    expect(second.transactions.map((t) => t.amount)).toEqual([500]);
    expect(second.has_more).toBe(false);
  });

  it('refuses visitors', async () => {
    for (const url of [
      '/api/transactions.php',
      `/api/transaction.php?id=${crypto.randomUUID()}`,
      '/api/credit-ledger.php',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
  });
});

describe('GET /api/credit-ledger.php', () => {
  it('answers the caller’s grants and spends with their reason, newest first, keyset-paged', async () => {
    const member = await createMember(services.db);
    const other = await createMember(services.db);
    await services.db.transaction(async (tx) => {
      await grantCredits(tx, {
        userId: member.id,
        amount: 100,
        reason: 'purchase',
        reference: `t:${member.id}`,
      });
      await grantCredits(tx, { userId: other.id, amount: 5, reason: 'signup', reference: `t:${other.id}` });
      for (let i = 0; i < 52; i++)
        await spendCredits(tx, {
          userId: member.id,
          amount: 1,
          reason: i % 2 === 0 ? 'message' : 'gift',
          reference: `s:${member.id}:${i}`,
        });
    });
    const login = await logIn(services.db, member.id);
    const first = (await app.inject({ url: '/api/credit-ledger.php', ...login })).json() as LedgerResponse;
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({ kind: 'spend', delta: -1, reason: 'gift', balance_after: 48 });
    expect(first.next_before).toBe(first.entries.at(-1)?.id);
    const ids = first.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const second = (
      await app.inject({ url: `/api/credit-ledger.php?before=${first.next_before}`, ...login })
    ).json() as LedgerResponse;
    expect(second.entries.map((e) => [e.kind, e.reason, e.delta])).toEqual([
      ['spend', 'gift', -1],
      ['spend', 'message', -1],
      ['grant', 'purchase', 100],
    ]);
    expect(second.next_before).toBeNull();
  });
});
