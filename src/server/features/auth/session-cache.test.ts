import { afterAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../lib/event-bus.ts';
import { createTestDb } from '../../test/db.ts';
import { createMember } from '../../test/members.ts';
import { createSession, createSessionCache, revokeSession } from './sessions.service.ts';
import { hashToken } from './tokens.ts';

const database = await createTestDb();
afterAll(() => database.close());

/** A bus that never delivers (every revocation below is a lost notification) and whose epoch the test sets. */
function silentBus(epoch: { now: number | undefined }): Pick<EventBus, 'subscribe' | 'epoch'> {
  return { subscribe: async () => {}, epoch: () => epoch.now };
}

/** A member's session, and a way to revoke it behind the cache's back (no notification). */
async function memberSession() {
  const member = await createMember(database.db);
  const { token } = await createSession(database.db, member.id, { now: new Date() });
  return { token, revoke: () => revokeSession(database.db, hashToken(token), new Date()) };
}

describe('the session cache', () => {
  // The long TTL is safe only because every revocation is heard: these show where it is not
  // trusted, with a short TTL of 0 so that a read there always goes to the database.
  const ttl = { listening: 60_000, otherwise: 0 };

  it('keeps a session while the bus listens without a break', async () => {
    const epoch = { now: 1 as number | undefined };
    const cache = await createSessionCache(database.db, silentBus(epoch), ttl);
    const { token, revoke } = await memberSession();
    expect(await cache.find(token, new Date())).not.toBeNull();
    await revoke();
    // Only the notification that never came would have dropped it.
    expect(await cache.find(token, new Date())).not.toBeNull();
  });

  it('reads again what it stored before a loss of the bus, whose notifications were never heard', async () => {
    const epoch = { now: 1 as number | undefined };
    const cache = await createSessionCache(database.db, silentBus(epoch), ttl);
    const { token, revoke } = await memberSession();
    expect(await cache.find(token, new Date())).not.toBeNull();
    await revoke();
    epoch.now = 2; // lost and listening again
    expect(await cache.find(token, new Date())).toBeNull();
  });

  it('keeps only briefly what it read while the bus did not listen', async () => {
    const epoch = { now: undefined as number | undefined };
    const cache = await createSessionCache(database.db, silentBus(epoch), ttl);
    const { token, revoke } = await memberSession();
    expect(await cache.find(token, new Date())).not.toBeNull();
    epoch.now = 1;
    await revoke();
    expect(await cache.find(token, new Date())).toBeNull();
  });

  it('forgets a member on their change, whatever the TTL', async () => {
    const epoch = { now: 1 as number | undefined };
    const listeners: ((userId: number) => void)[] = [];
    const bus: Pick<EventBus, 'subscribe' | 'epoch'> = {
      subscribe: async (_channel, listener) => {
        listeners.push(listener as (userId: number) => void);
      },
      epoch: () => epoch.now,
    };
    const cache = await createSessionCache(database.db, bus, ttl);
    const member = await createMember(database.db);
    const { token } = await createSession(database.db, member.id, { now: new Date() });
    expect(await cache.find(token, new Date())).not.toBeNull();
    await revokeSession(database.db, hashToken(token), new Date());
    for (const listener of listeners) listener(member.id);
    expect(await cache.find(token, new Date())).toBeNull();
  });
});
