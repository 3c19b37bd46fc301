import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { installJobSchema } from '../lib/jobs.ts';

export const TEMPLATE_DB = 'app_test_template';

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
    const dir = path.resolve('.tmp/test-pg');
    await fs.rm(dir, { recursive: true, force: true });
    const server = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    adminUrl = server.url('postgres');
    stop = () => server.stop();
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
