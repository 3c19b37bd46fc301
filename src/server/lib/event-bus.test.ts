import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDb } from '../test/db.ts';
import { createEventBus, defineChannel, MAX_EVENT_BYTES, publish } from './event-bus.ts';

const database = await createTestDb();
const errors: unknown[] = [];
const bus = createEventBus(database.pool, { error: (o) => errors.push(o) });
afterAll(async () => {
  await bus.close();
  await database.close();
});

const memberLiked = defineChannel('test_member_liked', z.object({ from: z.number(), to: z.number() }));

/** What a list heard once every notification committed so far has been delivered (NOTIFY is asynchronous). */
async function received<T>(list: T[]) {
  await bus.sync();
  return list;
}

describe('the typed event bus', () => {
  it('delivers a published event parsed, and one in a transaction only when it commits', async () => {
    const heard: { from: number; to: number }[] = [];
    await bus.subscribe(memberLiked, (event) => heard.push(event));
    await publish(database.db, memberLiked, { from: 1, to: 2 });
    await database.db
      .transaction(async (tx) => {
        await publish(tx, memberLiked, { from: 3, to: 4 });
        tx.rollback();
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await publish(tx, memberLiked, { from: 5, to: 6 });
    });
    await publish(database.db, memberLiked, { from: 7, to: 8 });
    expect(await received(heard)).toEqual([
      { from: 1, to: 2 },
      { from: 5, to: 6 },
      { from: 7, to: 8 },
    ]);
  });

  it('refuses to publish what the schema does not allow, or what NOTIFY cannot carry', async () => {
    await expect(publish(database.db, memberLiked, { from: 'x' } as never)).rejects.toThrow();
    const big = defineChannel('test_big', z.string());
    await expect(publish(database.db, big, 'x'.repeat(MAX_EVENT_BYTES))).rejects.toThrow(/NOTIFY/);
  });

  it('drops and logs a payload a listener would not understand (another version, a hand-made NOTIFY)', async () => {
    const heard: unknown[] = [];
    await bus.subscribe(memberLiked, (event) => heard.push(event));
    await database.db.execute(sql`select pg_notify('test_member_liked', '{"from":"not a number"}')`);
    await publish(database.db, memberLiked, { from: 9, to: 10 });
    expect(await received(heard)).toEqual([{ from: 9, to: 10 }]);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("checks a payload once for all of a channel's listeners, and tells each of them", async () => {
    let parses = 0;
    const counted = defineChannel(
      'test_counted',
      z.object({ n: z.number() }).transform((payload) => {
        parses += 1;
        return payload;
      }),
    );
    const first: { n: number }[] = [];
    const second: { n: number }[] = [];
    await bus.subscribe(counted, (event) => first.push(event));
    await bus.subscribe(counted, (event) => second.push(event));
    await database.db.execute(sql`select pg_notify('test_counted', '{"n":1}')`);
    expect(await received(first)).toEqual([{ n: 1 }]);
    expect(await received(second)).toEqual([{ n: 1 }]);
    expect(parses).toBe(1);
  });

  it('changes its epoch when its connection is lost, has none until it listens again, and hears again', async () => {
    const heard: { from: number; to: number }[] = [];
    await bus.subscribe(memberLiked, (event) => heard.push(event));
    const before = bus.epoch();
    expect(before).toBeTypeOf('number');
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    // A lost connection has no event of its own to wait for: its state is watched.
    await vi.waitUntil(() => bus.epoch() !== before, { timeout: 5_000, interval: 10 });
    expect(bus.epoch()).toBeUndefined();
    await vi.waitUntil(() => bus.epoch() !== undefined, { timeout: 10_000, interval: 10 });
    const after = bus.epoch();
    expect(after).toBeTypeOf('number');
    expect(after).not.toBe(before);
    await publish(database.db, memberLiked, { from: 11, to: 12 });
    expect(await received(heard)).toEqual([{ from: 11, to: 12 }]);
  });
});
