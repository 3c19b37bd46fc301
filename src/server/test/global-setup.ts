import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { installJobSchema } from '../lib/jobs.ts';

export const TEMPLATE_DB = 'app_test_template';

const CLUSTERS = '.tmp';
const CLUSTER_PREFIX = 'test-pg-';

/** The clusters left by runs that ended without stopping theirs (killed): their process is gone. */
async function removeClustersOfEndedRuns() {
  const names = await fs.readdir(CLUSTERS).catch(() => [] as string[]);
  for (const name of names) {
    const pid = name.startsWith(CLUSTER_PREFIX) ? Number(name.slice(CLUSTER_PREFIX.length)) : Number.NaN;
    if (name !== 'test-pg' && (!Number.isInteger(pid) || isRunning(pid))) continue;
    await fs.rm(path.join(CLUSTERS, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run (embedded, or DATABASE_URL's server), with a migrated
 * template database that every test file clones (CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stop = async () => {};
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    // A cluster of this run's own: a second run beside it (a file run while the suite runs) would
    // otherwise delete the first one's cluster under it.
    await removeClustersOfEndedRuns();
    const dir = path.resolve(CLUSTERS, `${CLUSTER_PREFIX}${process.pid}`);
    const server = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    adminUrl = server.url('postgres');
    stop = async () => {
      await server.stop();
      await fs.rm(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const template = connectDatabase(templateUrl.toString(), { max: 2 });
  await migrateDatabase(template);
  await template.close();
  // pg-boss's tables too, so that no test file pays for creating them.
  await installJobSchema(templateUrl.toString());
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await stop();
  };
}
