import os from 'node:os';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from './argon2-options.ts';

/**
 * The password hashing process: argon2 is CPU-bound for tens of milliseconds per call. In its own
 * process at the lowest scheduling priority (nice 19, inherited by the libuv thread that runs
 * argon2, since that thread starts after this line) it uses spare cycles only and never holds up
 * the server's event loop or PostgreSQL. Figures: docs/performance.md, Accounts.
 */
type Request = { id: number; op: 'hash' | 'verify'; password: string; hash?: string };

try {
  os.setPriority(19);
} catch {}

process.on('message', async (message: Request) => {
  try {
    const result =
      message.op === 'hash'
        ? await argon2.hash(message.password, ARGON2_OPTIONS)
        : await argon2.verify(message.hash ?? '', message.password).catch(() => false);
    process.send?.({ id: message.id, result });
  } catch (error) {
    process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
