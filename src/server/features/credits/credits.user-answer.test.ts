import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { createBalanceCache, creditsChanged, grantCredits, spendCredits } from './credits.service.ts';

const { app, services } = await createTestApp();

describe('the balance in GET /api/user.php', () => {
  it('follows every change as soon as it commits, without invalidating the cached session', async () => {
    const { id } = await createMember(services.db);
    const login = await logIn(services.db, id, services.now());
    // credits_changed reaches this instance's cache through NOTIFY, a moment after the commit.
    const credits = async () => {
      await services.bus.sync();
      return (await app.inject({ url: '/api/user.php', ...login })).json().user.credits;
    };
    expect(await credits()).toBe(0);
    const invalidations: number[] = [];
    const real = services.sessions.invalidateUser;
    services.sessions.invalidateUser = async (userId, tx) => {
      invalidations.push(userId);
      return real(userId, tx);
    };
    await services.db.transaction((tx) =>
      grantCredits(tx, { userId: id, amount: 30, reason: 'purchase', reference: 'payment:t1' }),
    );
    expect(await credits()).toBe(30);
    await services.db.transaction((tx) =>
      spendCredits(tx, { userId: id, amount: 5, reason: 'message', reference: 'message:c1' }),
    );
    expect(await credits()).toBe(25);
    expect(invalidations).toEqual([]);
    services.sessions.invalidateUser = real;
  });

  it('takes the balance an event carries, with no read of its own', async () => {
    const { id } = await createMember(services.db);
    await services.db.transaction((tx) =>
      grantCredits(tx, { userId: id, amount: 30, reason: 'purchase', reference: 'payment:t2' }),
    );
    const listeners: ((payload: { userId: number; balance: number }) => void)[] = [];
    const cache = await createBalanceCache(services.db, {
      subscribe: async (channel, listener) => {
        if (channel === creditsChanged) listeners.push(listener as (typeof listeners)[number]);
      },
    });
    expect(await cache.balanceOf(id)).toBe(30);
    // Written behind the cache's back: only the event can tell it 12, and a read would say 7.
    await services.db.execute(sql`update credit_accounts set balance = 7 where user_id = ${id}`);
    for (const listener of listeners) listener({ userId: id, balance: 12 });
    expect(await cache.balanceOf(id)).toBe(12);
    // A member this cache never read stays unknown: the event fills no entry of its own.
    const other = await createMember(services.db);
    await services.db.transaction((tx) =>
      grantCredits(tx, { userId: other.id, amount: 7, reason: 'purchase', reference: 'payment:t3' }),
    );
    for (const listener of listeners) listener({ userId: other.id, balance: 12 });
    expect(await cache.balanceOf(other.id)).toBe(7);
  });

  it('a new account gets the sign-up credits through the ledger', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/signup-entry.php',
      payload: { email: 'ledger-signup@example.nl', gender: 'male', sexuality: 'hetero', accept_terms: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user.credits).toBe(20);
  });
});
