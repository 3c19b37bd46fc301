import { execFileSync } from 'node:child_process';
import os from 'node:os';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from './argon2-options.ts';

/**
 * The password hashing process: argon2 is CPU-bound for tens of milliseconds per call. In its own
 * process at the lowest scheduling priority it uses spare cycles only and never holds up the
 * server's event loop or PostgreSQL. The priority is set before the libuv thread that runs argon2
 * starts, so that thread inherits it. Figures: docs/performance.md, Accounts.
 *
 * - nice 19 everywhere;
 * - on Linux also SCHED_IDLE (util-linux's chrt, part of every Debian install). With nice 19
 *   alone, the kernel's EEVDF scheduler lets the hashing thread finish its time slice before a
 *   woken server or database thread gets the core. A SCHED_IDLE thread gives way at once. Health
 *   p99 during a login storm: 4.5–4.7 ms → 3.2–4.2 ms (docs/performance.md).
 *   Where chrt is missing, nice 19 is all there is.
 */
type Request = { id: number; op: 'hash' | 'verify'; password: string; hash?: string };

// BACKGROUND_PRIORITY=normal (validated by the app's env.ts): the app's own priority (test suites).
if (process.env.BACKGROUND_PRIORITY !== 'normal') {
  try {
    os.setPriority(19);
  } catch {}
  try {
    // --all-tasks: V8's own threads too; threads started later inherit the policy.
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
  } catch {}
}

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
