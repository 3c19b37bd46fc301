import os from 'node:os';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). argon2's native code hashes on libuv's
 * thread pool, so the event loop keeps serving other requests while a login is being checked.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes run on the thread pool, but on a small machine four busy hashing threads would still
 * starve the event loop's own core. One core is always left to serve requests.
 */
export const HASH_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A finishing hash hands its slot straight to the next in line, so the limit holds exactly.
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    // Same cost as a real check, so a missing account is not revealed by a fast answer.
    await hashPassword(password);
    return false;
  }
  try {
    return await limited(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
