import type pg from 'pg';

export type Listener = (payload: string) => void;

/**
 * Cross-instance events over PostgreSQL LISTEN/NOTIFY: every app instance sharing the database
 * hears every notification, including its own. One dedicated connection, reconnected on loss.
 */
export type EventBus = {
  on: (channel: string, listener: Listener) => Promise<void>;
  close: () => Promise<void>;
};

export function createEventBus(pool: pg.Pool, log: { error: (o: object, m?: string) => void }): EventBus {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.PoolClient | undefined;
  let closed = false;
  let connecting: Promise<pg.PoolClient> | undefined;

  async function connect(): Promise<pg.PoolClient> {
    const c = await pool.connect();
    c.on('notification', (msg) => {
      for (const listener of listeners.get(msg.channel) ?? []) listener(msg.payload ?? '');
    });
    c.on('error', (err) => {
      if (closed) return; // the server going away during shutdown is expected
      log.error({ err: err.message }, 'event bus connection lost');
      client = undefined;
      connecting = undefined;
      c.release(true);
      if (!closed) setTimeout(() => void reconnect(), 1_000);
    });
    for (const channel of listeners.keys()) await c.query(`LISTEN "${channel}"`);
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

  return {
    on: async (channel, listener) => {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const isNew = !listeners.has(channel);
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      const c = client ?? (await reconnect());
      if (isNew && c === client) await c.query(`LISTEN "${channel}"`);
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
