import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';

type Listener = (payload: string) => void;
type TypedListener = (payload: unknown) => void;

/**
 * Cross-instance events over PostgreSQL LISTEN/NOTIFY: every app instance sharing the database
 * hears every notification, including its own. One dedicated connection, reconnected on loss.
 */
export type EventBus = {
  /**
   * A typed subscription: every payload is parsed by the channel's schema, once for all of the
   * channel's listeners; one that fails is logged and dropped.
   */
  subscribe: <T>(channel: Channel<T>, listener: (payload: T) => void) => Promise<void>;
  /** The raw text of a channel's notifications. */
  on: (channel: string, listener: Listener) => Promise<void>;
  /**
   * Which unbroken stretch of listening this is: a number while the bus listens, another one after
   * each loss of its connection, undefined while it does not listen. Notifications sent during a
   * loss are never heard, so a cache that trusts them for long (the session cache) trusts only
   * what it stored in the current stretch.
   */
  epoch: () => number | undefined;
  /**
   * Resolves once this instance has heard every notification committed before the call, and its
   * listeners have run: a marker sent on a channel of the bus's own comes back after them
   * (PostgreSQL delivers notifications in the order their transactions committed). What waits for
   * an event's effects, or proves an event did not come, waits for this instead of sleeping.
   */
  sync: () => Promise<void>;
  close: () => Promise<void>;
};

/** The channel of sync()'s markers. */
const SYNC_CHANNEL = 'bus_sync';

/** A named channel and the schema of what travels on it (zod, checked on both ends). */
export type Channel<T> = { readonly name: string; readonly schema: z.ZodType<T> };

export function defineChannel<T>(name: string, schema: z.ZodType<T>): Channel<T> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`bad channel name ${name}`);
  return { name, schema };
}

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a little is kept for safety. An event
 * carries ids, never documents: a listener reads what it needs.
 */
export const MAX_EVENT_BYTES = 7_900;

/**
 * Publishes an event with NOTIFY through `db`. Given the caller's transaction, PostgreSQL delivers
 * it only when that transaction commits, and never if it rolls back: the event is part of the change.
 */
export async function publish<T>(db: Queryable, channel: Channel<T>, payload: T): Promise<void> {
  await publishAll(db, [event(channel, payload)]);
}

/** An event to publish: a channel and its payload, checked by the channel's schema when built. */
export type BusEvent = { readonly channel: string; readonly text: string };

export function event<T>(channel: Channel<T>, payload: T): BusEvent {
  const text = JSON.stringify(channel.schema.parse(payload));
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES)
    throw new Error(`event on ${channel.name} is ${Buffer.byteLength(text)} bytes, over NOTIFY's limit`);
  return { channel: channel.name, text };
}

/**
 * Publishes several events in one statement (one round trip), in order, with publish's guarantee:
 * given the caller's transaction, all are delivered when it commits and none if it rolls back.
 */
export async function publishAll(db: Queryable, events: readonly BusEvent[]): Promise<void> {
  if (events.length === 0) return;
  const calls = events.map((e) => sql`pg_notify(${e.channel}, ${e.text})`);
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

/**
 * An event whose payload only the statement that makes the change knows (a seq it assigns), as a
 * `pg_notify` call for that statement's select list: `payload` is SQL for the JSON text of the
 * channel's payload (what `event` would build). Delivered as publishAll's, on commit and never on
 * rollback; the channel's schema checks it where it is heard.
 */
export const notifySql = <T>(channel: Channel<T>, payload: SQL) =>
  sql`pg_notify(${channel.name}, ${payload})`;

export function createEventBus(pool: pg.Pool, log: { error: (o: object, m?: string) => void }): EventBus {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.PoolClient | undefined;
  let closed = false;
  let epoch = 0;
  let connecting: Promise<pg.PoolClient> | undefined;
  /** The typed listeners of each subscribed channel, and the LISTEN they wait for. */
  const typed = new Map<Channel<unknown>, { listeners: Set<TypedListener>; listening: Promise<void> }>();

  async function connect(): Promise<pg.PoolClient> {
    const c = await pool.connect();
    c.on('notification', (msg) => {
      for (const listener of listeners.get(msg.channel) ?? []) listener(msg.payload ?? '');
    });
    c.on('error', (err) => {
      if (closed) return; // the server going away during shutdown is expected
      log.error({ err: err.message }, 'event bus connection lost');
      // epoch() is undefined from here, and the next connection starts a new stretch.
      client = undefined;
      connecting = undefined;
      c.release(true);
      if (!closed) setTimeout(() => void reconnect(), 1_000);
    });
    for (const channel of listeners.keys()) await c.query(`LISTEN "${channel}"`);
    epoch += 1;
    client = c;
    return c;
  }

  function reconnect() {
    connecting ??= connect().catch((err) => {
      connecting = undefined;
      log.error({ err: String(err) }, 'event bus reconnect failed');
      if (!closed) setTimeout(() => void reconnect(), 2_000);
      throw err;
    });
    return connecting;
  }

  const on: EventBus['on'] = async (channel, listener) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    const isNew = !listeners.has(channel);
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    const c = client ?? (await reconnect());
    if (isNew && c === client) await c.query(`LISTEN "${channel}"`);
  };

  const markers = new Map<string, () => void>();
  const markerPrefix = `${process.pid}.${randomUUID()}.`;
  let markerCount = 0;
  const heardMarker: Listener = (token) => {
    markers.get(token)?.();
    markers.delete(token);
  };

  return {
    on,
    epoch: () => (client ? epoch : undefined),
    sync: async () => {
      await on(SYNC_CHANNEL, heardMarker);
      markerCount += 1;
      const token = `${markerPrefix}${markerCount}`;
      const heard = new Promise<void>((resolve) => markers.set(token, resolve));
      await pool.query('select pg_notify($1, $2)', [SYNC_CHANNEL, token]);
      await heard;
    },
    subscribe: async (channel, listener) => {
      const known = typed.get(channel);
      if (known) {
        known.listeners.add(listener as TypedListener);
        return known.listening;
      }
      const listeners = new Set<TypedListener>([listener as TypedListener]);
      // One parse per notification for all of the channel's listeners (credits_changed has two on
      // every instance, once per chat message).
      const listening = on(channel.name, (text) => {
        let payload: unknown;
        try {
          payload = channel.schema.parse(JSON.parse(text));
        } catch (error) {
          log.error({ err: error, channel: channel.name }, 'event with an unexpected payload dropped');
          return;
        }
        for (const each of listeners) each(payload);
      });
      typed.set(channel, { listeners, listening });
      return listening;
    },
    close: async () => {
      closed = true;
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners('notification');
        c.release();
      }
    },
  };
}
