import { afterAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../lib/event-bus.ts';
import { createTestDb } from '../../test/db.ts';
import { createMember } from '../../test/members.ts';
import { createSession, createSessionCache, revokeSession } from './sessions.service.ts';
import { hashToken } from './tokens.ts';

const database = await createTestDb();
afterAll(() => database.close());

// The long TTL is safe only because every revocation is heard: these show where it is not
// trusted, with a short TTL of 0 so that a read there always goes to the database.
const TTL = { listening: 60_000, otherwise: 0 };

/**
 * A cache on a bus whose epoch the test sets (`epoch.now`) and whose user_changed listeners it
 * calls itself (`tell`): nothing else is ever heard, so a revocation below is a lost notification.
 * Also a member's session, read once into the cache, and a way to revoke it behind the cache's back.
 */
async function cachedSession(epochAtRead: number | undefined) {
  const epoch = { now: epochAtRead };
  const listeners: ((userId: number) => void)[] = [];
  const bus: Pick<EventBus, 'subscribe' | 'epoch'> = {
    subscribe: async (_channel, listener) => {
      listeners.push(listener as (userId: number) => void);
    },
    epoch: () => epoch.now,
  };
  const cache = await createSessionCache(database.db, bus, TTL);
  const member = await createMember(database.db);
  const { token } = await createSession(database.db, member.id, { now: new Date() });
  expect(await cache.find(token, new Date())).not.toBeNull();
  return {
    epoch,
    find: () => cache.find(token, new Date()),
    revoke: () => revokeSession(database.db, hashToken(token), new Date()),
    tell: () => {
      for (const listener of listeners) listener(member.id);
    },
  };
}

describe('the session cache', () => {
  it('keeps a session while the bus listens without a break', async () => {
    const session = await cachedSession(1);
    await session.revoke();
    // Only the notification that never came would have dropped it.
    expect(await session.find()).not.toBeNull();
  });

  it('reads again what it stored before a loss of the bus, whose notifications were never heard', async () => {
    const session = await cachedSession(1);
    await session.revoke();
    session.epoch.now = 2; // lost and listening again
    expect(await session.find()).toBeNull();
  });

  it('keeps only briefly what it read while the bus did not listen', async () => {
    const session = await cachedSession(undefined);
    session.epoch.now = 1;
    await session.revoke();
    expect(await session.find()).toBeNull();
  });

  it('forgets a member on their change, whatever the TTL', async () => {
    const session = await cachedSession(1);
    await session.revoke();
    session.tell();
    expect(await session.find()).toBeNull();
  });
});
