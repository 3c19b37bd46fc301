import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { connectDatabase, migrateDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { retireReadmeDemoPasswords } from './db/seed/demo-logins.ts';
import { EnvError, loadEnv } from './env.ts';
import { warmGeoIndex } from './features/geocode/geocode.service.ts';
import { FEATURES } from './features.ts';
import { acquireInstanceLock } from './lib/instance-lock.ts';
import { createLogger } from './lib/logger.ts';
import { createServices } from './services.ts';

const BUILD_DIR = path.resolve(import.meta.dirname, '../../build');

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const log = createLogger({ level: env.logLevel });

  if (!fs.existsSync(path.join(BUILD_DIR, 'server', 'index.js'))) {
    log.fatal('the web build is missing: run `npm run build` (npm start does this for you)');
    process.exit(1);
  }

  let stopEmbedded = async () => {};
  let databaseUrl = env.databaseUrl;
  if (!databaseUrl) {
    // Only one app process owns an embedded cluster; a second one would corrupt nothing but fail confusingly.
    acquireInstanceLock(env.dataDir, log);
    const pgLog = log.child({ component: 'postgres' });
    const server = await startEmbeddedPostgres({
      dataDir: env.dataDir,
      durable: env.embeddedDbDurable,
      log: (m) => m && pgLog.debug(m),
    });
    stopEmbedded = server.stop;
    databaseUrl = server.url('postgres');
    log.info({ dataDir: env.dataDir }, 'embedded PostgreSQL started');
  }

  // A fixed pool once it has grown: its connections stay open through a lull, so the first
  // requests after one do not each open a connection (docs/performance.md, the chat). At a peak all
  // 20 are open anyway, so keeping them asks no more of PostgreSQL than the peak does.
  const database = connectDatabase(databaseUrl, { max: 20, min: 20 });
  await migrateDatabase(database);
  log.info('migrations applied');
  const services = await createServices(env, database, log, FEATURES);
  if (env.nodeEnv === 'production' && env.seedDemo) {
    // Fictional members and logins on a production start: on purpose (SEED_DEMO=1), and nobody
    // reading the log should miss it.
    log.warn(
      { demoPasswords: env.demoPasswords },
      env.demoPasswords === 'readme'
        ? "DEMO MEMBERS ON A PRODUCTION START (SEED_DEMO=1) with the README's published demo passwords (DEMO_README_PASSWORDS=1: test servers on this machine only)"
        : 'DEMO MEMBERS ON A PRODUCTION START (SEED_DEMO=1): fictional profiles are shown to visitors; the demo logins get random passwords, printed once when they are created',
    );
  }
  if (env.demoPasswords === 'random') {
    const retired = await retireReadmeDemoPasswords(database.db, new Date(), (email, password) =>
      log.warn(
        { email, password },
        "DEMO LOGIN opened with the README's published password: it has a random one now, printed only this once (docs/decisions/0039)",
      ),
    );
    for (const userId of retired) await services.sessions.invalidateUser(userId);
  }
  if (env.seedDemo) {
    // Its own process: see seed-in-child-process.ts for what seeding in this one cost.
    const { seedInChildProcess } = await import('./db/seed/seed-in-child-process.ts');
    await seedInChildProcess(databaseUrl);
  }
  const app = await buildApp(services, { web: { buildDir: BUILD_DIR } });
  await services.jobs.start();

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app.close();
      await services.close();
      await database.close();
      await stopEmbedded();
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The city index blocks the event loop while it is built (0.3–1 s): before the port opens, not
  // in front of the first visitor who asks for a city.
  warmGeoIndex(log);
  await app.listen({ port: env.port, host: env.host });
  log.info(`ready on ${env.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
