import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import {
  balanceOf,
  grantCredits,
  setSpendingLimit,
  spendCredits,
  spendingLimitOf,
} from './credits.service.ts';

const { app, services } = await createTestApp();
const { db } = services;

const grant = (userId: number, amount: number) =>
  db.transaction((tx) =>
    grantCredits(tx, { userId, amount, reason: 'purchase', reference: `test:${randomUUID()}` }),
  );
const spend = (userId: number, amount: number) =>
  db.transaction((tx) =>
    spendCredits(tx, { userId, amount, reason: 'message', reference: `test:${randomUUID()}` }),
  );

describe('the daily spending limit', () => {
  it('holds exactly under concurrent spends, and says which limit refused', async () => {
    const { id } = await createMember(db);
    await grant(id, 1000);
    await setSpendingLimit(db, id, { dailyLimit: 30, timeZone: 'Europe/Amsterdam' });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => spend(id, 10)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ code: 'daily_limit_reached', details: { limit: 30, spent: 30 } });
    expect(await balanceOf(db, id)).toBe(970);
    expect(await spendingLimitOf(db, id)).toMatchObject({ dailyLimit: 30, spentToday: 30 });
    const spends = await services.pool.query(
      `select count(*)::int n from credit_ledger where user_id = $1 and kind = 'spend'`,
      [id],
    );
    expect(spends.rows[0].n).toBe(3);
  });

  it('counts what was spent before the limit was set, starts over the next local day, and lifts with null', async () => {
    const { id } = await createMember(db);
    await grant(id, 100);
    await spend(id, 25);
    await setSpendingLimit(db, id, { dailyLimit: 30, timeZone: 'America/New_York' });
    expect(await spendingLimitOf(db, id)).toMatchObject({ spentToday: 25 });
    await expect(spend(id, 10)).rejects.toMatchObject({ code: 'daily_limit_reached' });
    // Not enough credits is said as such, whatever the limit.
    await expect(spend(id, 500)).rejects.toMatchObject({ code: 'insufficient_credits' });
    // The counted day is over (in the member's zone): the count starts again.
    await services.pool.query(`update credit_accounts set spent_day = spent_day - 1 where user_id = $1`, [
      id,
    ]);
    expect(await spendingLimitOf(db, id)).toMatchObject({ spentToday: 0 });
    await spend(id, 30);
    await expect(spend(id, 1)).rejects.toMatchObject({ code: 'daily_limit_reached' });
    await setSpendingLimit(db, id, { dailyLimit: null, timeZone: 'America/New_York' });
    await spend(id, 20);
    expect(await balanceOf(db, id)).toBe(25);
    expect(await spendingLimitOf(db, id)).toMatchObject({ dailyLimit: null, spentToday: 50 });
  });
});

describe('/api/spending-limit.php', () => {
  it('reads and sets the caller’s own limit, refuses bad values and visitors', async () => {
    const { id } = await createMember(db);
    const login = await logIn(db, id);
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/spending-limit.php', payload, ...login });
    expect((await app.inject({ url: '/api/spending-limit.php', ...login })).json()).toEqual({
      daily_limit: null,
      spent_today: 0,
    });
    const set = await put({ daily_limit: 200, time_zone: 'Europe/Warsaw' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ daily_limit: 200, spent_today: 0 });
    for (const bad of [0, -5, 1.5, 100_001, '20']) {
      const res = await put({ daily_limit: bad, time_zone: 'Europe/Warsaw' });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.details.fieldErrors.daily_limit).toEqual(['spending_limit_invalid']);
    }
    expect((await put({ daily_limit: 10, time_zone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await put({ daily_limit: null, time_zone: 'Europe/Warsaw' })).json().daily_limit).toBeNull();
    const visitor = await app.inject({ url: '/api/spending-limit.php' });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const visitorPut = await app.inject({
      method: 'PUT',
      url: '/api/spending-limit.php',
      payload: { daily_limit: 5, time_zone: 'Europe/Warsaw' },
      headers: login.headers,
    });
    expect(visitorPut.statusCode).toBe(403);
  });
});
