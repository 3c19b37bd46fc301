import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { CHAT_IMAGE_SWEEP_JOB } from './features/chat/chat-images.service.ts';
import { FEATURES } from './features.ts';
import { createLogger } from './lib/logger.ts';
import { createServices } from './services.ts';
import { createTestDb } from './test/db.ts';

// The services as production makes them: no test clock, pg-boss waking its workers by NOTIFY.
const database = await createTestDb();
const services = await createServices(
  loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `services-test-${process.pid}`),
    PUBLIC_URL: 'http://localhost:3000',
  }),
  database,
  createLogger({ level: 'silent' }),
  FEATURES,
);
afterAll(async () => {
  await services.close();
  await database.close();
});

it("wakes the job workers when a change's transaction commits, not at their next poll", async () => {
  // A time taken in Node is later than the transaction's now(), and pg-boss sends its NOTIFY only
  // for a job due by that now(): a job enqueued in a transaction waited for the next poll (up to
  // 2 s: the notifications benchmark's mails and pushes, p50 1 s and p95 2 s).
  const listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  try {
    const { rows } = await listener.query<{ channel: string }>(
      `select 'pgboss_' || left(encode(sha224('pgboss'::bytea), 'hex'), 24) as channel`,
    );
    const woken = new Promise<string>((resolve) =>
      listener.on('notification', (n) => resolve(n.payload ?? '')),
    );
    await listener.query(`listen "${rows[0]?.channel}"`);
    await services.db.transaction(async (tx) => {
      await services.enqueue(CHAT_IMAGE_SWEEP_JOB, {}, { tx });
    });
    expect(await woken).toBe(CHAT_IMAGE_SWEEP_JOB.name);
  } finally {
    await listener.end();
  }
});
