import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export { ARGON2_OPTIONS } from './argon2-options.ts';

/**
 * Hashing runs in a child process at lower priority (hash-worker.ts), at most one hash per core
 * but one at a time, so the event loop and the database always keep a core.
 */
export const HASH_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);

/**
 * Requests sent to the worker at once. Its thread pool (UV_THREADPOOL_SIZE = HASH_CONCURRENCY)
 * still hashes at most HASH_CONCURRENCY at a time; the extra ones wait inside the worker, so the
 * next hash starts the moment one ends instead of after a message round trip to this process.
 */
const IN_FLIGHT = HASH_CONCURRENCY * 2;

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

let worker: ChildProcess | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let running = 0;
const waiting: (() => void)[] = [];

function getWorker(): ChildProcess {
  if (worker?.connected) return worker;
  const child = fork(path.join(import.meta.dirname, 'hash-worker.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
    env: { ...process.env, UV_THREADPOOL_SIZE: String(HASH_CONCURRENCY) },
  });
  child.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (message.error !== undefined) job.reject(new Error(message.error));
    else job.resolve(message.result as string | boolean);
  });
  child.on('exit', () => {
    if (worker === child) worker = undefined;
    for (const [id, job] of pending) {
      pending.delete(id);
      job.reject(new Error('password hashing process exited'));
    }
  });
  // The server may exit while the worker idles; it must not keep the process alive.
  child.unref();
  child.channel?.unref();
  worker = child;
  return child;
}

async function run(op: 'hash' | 'verify', password: string, hash?: string): Promise<string | boolean> {
  // A finishing hash hands its slot straight to the next in line, so the limit holds exactly.
  if (running >= IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    const id = nextId++;
    const child = getWorker();
    child.channel?.ref();
    return await new Promise<string | boolean>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.send({ id, op, password, hash });
    });
  } finally {
    if (pending.size === 0) worker?.channel?.unref();
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export async function hashPassword(password: string): Promise<string> {
  return (await run('hash', password)) as string;
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    // Same cost as a real check, so a missing account is not revealed by a fast answer.
    await hashPassword(password);
    return false;
  }
  return (await run('verify', password, hash)) === true;
}
