import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { createToken } from '../../src/server/features/auth/tokens.ts';
import { productEnv } from './product-env.ts';

/*
 * The durability scripts' server: the real product (src/server/main.ts, production settings, its
 * embedded PostgreSQL in a data folder of the script's) started in a process group of its own, so
 * that one kill takes node, the postmaster and every backend at the same instant, as a power cut
 * would; and started again on the same folder.
 */

const MAIN = path.resolve(import.meta.dirname, '../../src/server/main.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function durableServer({
  port,
  dataDir,
  env = {},
}: {
  port: string;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
}) {
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log = '';
  return {
    base,
    /** Starts the server on the data folder (again, after a cut). */
    start() {
      log = '';
      child = spawn(process.execPath, [MAIN], {
        detached: true,
        env: { ...process.env, ...productEnv(port, dataDir, env) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr?.on('data', (chunk) => {
        log = (log + String(chunk)).slice(-20_000);
      });
    },
    /** Resolves when the health check answers; fails at once when the server exited. */
    async waitHealthy(timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (child?.exitCode !== null) throw new Error(`the server exited (${child?.exitCode}):\n${log}`);
        try {
          if ((await fetch(`${base}/api/health.php`, { signal: AbortSignal.timeout(2_000) })).ok) return;
        } catch {}
        await sleep(50);
      }
      throw new Error(`the server did not come up:\n${log}`);
    },
    /** The embedded server's address, from its lock file (the product picks a free port at each start). */
    async databaseUrl(): Promise<string> {
      const lock = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
      return `postgres://postgres:postgres@127.0.0.1:${Number(lock.split('\n')[3])}/postgres`;
    },
    /** SIGKILL to node, the postmaster and every backend at once; resolves when none is left. */
    async powerCut() {
      if (!child) return;
      const pgid = child.pid as number;
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child?.once('exit', r));
      process.kill(-pgid, 'SIGKILL');
      await exited;
      while (groupAlive(pgid)) await sleep(10);
    },
    /** SIGTERM to the server; resolves when it has exited. */
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A member's session written straight into the database: the cookie and CSRF token to send. */
export async function newSession(pool: pg.Pool, userId: number): Promise<{ cookie: string; csrf: string }> {
  const { token, hash } = createToken();
  const csrf = randomBytes(24).toString('base64url');
  await pool.query(
    `insert into sessions (id, user_id, csrf_token, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
    [hash, userId, csrf],
  );
  return { cookie: `sid=${token}`, csrf };
}
