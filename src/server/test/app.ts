import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TestClock } from 'pg-boss';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { FEATURES } from '../features.ts';
import { createLogger } from '../lib/logger.ts';
import { type AppServices, createServices } from '../services.ts';
import { createTestDb } from './db.ts';
import { closeWhenDone } from './lifetime.ts';

type TestContext = {
  app: FastifyInstance;
  services: AppServices;
  dataDir: string;
  database: Db;
  /** The variables the app was started with, for a second instance of it. */
  env: Record<string, string>;
};

/**
 * The whole API on a database of its own, reached through app.inject (no port). Closed after the
 * file's tests, or after the test that made it. `env` overrides variables, e.g. { ALLOW_TEST_GEOIP: '1' }.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-test-'));
  const database = await createTestDb();
  const variables = { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', ...env };
  const services = await createServices(
    loadEnv(variables),
    database,
    createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    FEATURES,
    // Jobs run when a test drains them, at the time of services.now() (tests move it).
    { jobClock: new TestClock() },
  );
  // TEST_LOG_LEVEL=error shows the server's own errors (5xx details) while debugging a test.
  const app = await buildApp(services, { logger: process.env.TEST_LOG_LEVEL ? undefined : false });
  await app.ready();
  closeWhenDone(async () => {
    await app.close();
    await services.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return { app, services, dataDir, database, env: variables };
}

/**
 * Another instance of the app on the same database, as behind a load balancer (its own bus
 * listener, caches, hub and jobs worker), closed after the file's tests, before the first one's
 * database (Vitest runs the after-all hooks last registered first).
 */
export async function createSecondInstance(
  first: TestContext,
): Promise<{ app: FastifyInstance; services: AppServices }> {
  const services = await createServices(
    loadEnv(first.env),
    // The database is the first instance's: closed with it.
    { ...first.database, close: async () => {} },
    createLogger({ level: 'silent' }),
    FEATURES,
  );
  const app = await buildApp(services, { logger: false });
  await app.ready();
  closeWhenDone(async () => {
    await app.close();
    await services.close();
  });
  return { app, services };
}

/** A free port of 127.0.0.1, for an app that must be reached by HTTP (a provider's webhook). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
