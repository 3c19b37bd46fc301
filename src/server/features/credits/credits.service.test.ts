import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditAccounts, creditLedger } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember } from '../../test/members.ts';
import {
  balanceOf,
  grantCredits,
  SpendsRefused,
  setSpendingLimit,
  spendCredits,
  spendCreditsTogether,
} from './credits.service.ts';

const { services } = await createTestApp();
const { db } = services;

const grant = (userId: number, amount: number, reference: string) =>
  db.transaction((tx) => grantCredits(tx, { userId, amount, reason: 'purchase', reference }));
const spend = (userId: number, amount: number, reference: string) =>
  db.transaction((tx) => spendCredits(tx, { userId, amount, reason: 'message', reference }));

async function ledgerOf(userId: number) {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(creditLedger.id);
}

describe('the credits ledger', () => {
  it('starts at zero and grants once per reference', async () => {
    const { id } = await createMember(db);
    expect(await balanceOf(db, id)).toBe(0);
    expect(await grant(id, 100, 'payment:tr_1')).toEqual({ balance: 100, applied: true });
    expect(await grant(id, 100, 'payment:tr_1')).toEqual({ balance: 100, applied: false });
    expect(await grant(id, 50, 'payment:tr_2')).toEqual({ balance: 150, applied: true });
    const ledger = await ledgerOf(id);
    expect(ledger.map((row) => [row.kind, row.delta, row.balanceAfter])).toEqual([
      ['grant', 100, 100],
      ['grant', 50, 150],
    ]);
  });

  it('spends only what is there, once per reference, and leaves no trace of a refused spend', async () => {
    const { id } = await createMember(db);
    await grant(id, 10, 'signup:x');
    expect(await spend(id, 4, 'message:a')).toEqual({ balance: 6, applied: true });
    expect(await spend(id, 4, 'message:a')).toEqual({ balance: 6, applied: false });
    await expect(spend(id, 7, 'message:b')).rejects.toMatchObject({
      code: 'insufficient_credits',
      statusCode: 402,
    });
    expect(await balanceOf(db, id)).toBe(6);
    expect((await ledgerOf(id)).map((row) => row.reference)).toEqual(['signup:x', 'message:a']);
  });

  it('never goes below zero, whatever the concurrency', async () => {
    const { id } = await createMember(db);
    await grant(id, 50, 'signup:y');
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => spend(id, 5, `message:parallel-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await balanceOf(db, id)).toBe(0);
    const [sum] = await db
      .select({ total: sql<number>`sum(${creditLedger.delta})::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, id));
    expect(sum?.total).toBe(0);
  });

  it('the database refuses a negative balance even from code that skips the service', async () => {
    const { id } = await createMember(db);
    await grant(id, 1, 'signup:z');
    await expect(
      db.update(creditAccounts).set({ balance: -1 }).where(eq(creditAccounts.userId, id)),
    ).rejects.toThrow();
  });

  it('spends for many members together, all or nothing: a refusal or a used reference changes nobody', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => createMember(db)));
    for (const m of members) await grant(m.id, 10, `signup:${m.id}`);
    const together = (amounts: number[], reference: (id: number) => string) =>
      db.transaction((tx) =>
        spendCreditsTogether(
          tx,
          members.map((m, i) => ({
            userId: m.id,
            amount: amounts[i] as number,
            reason: 'message',
            reference: reference(m.id),
          })),
        ),
      );
    const { balances } = await together([1, 2, 3], (id) => `message:${id}:first`);
    expect(members.map((m) => balances.get(m.id))).toEqual([9, 8, 7]);
    for (const [i, m] of members.entries())
      expect((await ledgerOf(m.id)).at(-1)).toMatchObject({
        kind: 'spend',
        delta: -(i + 1),
        balanceAfter: 9 - i,
      });

    // One of them has too little: nobody is charged.
    await expect(together([1, 1, 8], (id) => `message:${id}:second`)).rejects.toBeInstanceOf(SpendsRefused);
    // One reference was used already: nobody is charged again.
    await expect(
      together([1, 1, 1], (id) => (id === members[1]?.id ? `message:${id}:first` : `message:${id}:third`)),
    ).rejects.toBeInstanceOf(SpendsRefused);
    // Over one member's own daily limit: nobody is charged.
    await setSpendingLimit(db, members[0]?.id as number, { dailyLimit: 2, timeZone: 'Europe/Amsterdam' });
    await expect(together([2, 1, 1], (id) => `message:${id}:fourth`)).rejects.toBeInstanceOf(SpendsRefused);
    expect(await Promise.all(members.map((m) => balanceOf(db, m.id)))).toEqual([9, 8, 7]);
    for (const m of members) expect(await ledgerOf(m.id)).toHaveLength(2);
  });
});
