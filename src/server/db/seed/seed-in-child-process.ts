import { spawn } from 'node:child_process';
import path from 'node:path';

const CLI = path.join(import.meta.dirname, 'seed-cli.ts');

/**
 * Seeds the demo data in a child process and waits for it. In the server's own process the
 * generator (thousands of members, sharp-made photos) left ~150 MB behind for the process's
 * lifetime and slowed every later request by ~15%: V8 had deprecated the object shape behind
 * process.nextTick's tick objects, so each one was built on the slow path (measured with perf;
 * docs/performance.md). A child returns all of that to the system when it exits.
 */
export function seedInChildProcess(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, CLI], {
      env: { ...process.env, SEED_DATABASE_URL: databaseUrl },
      // The IPC channel only tells the child when this process is gone (seed-cli.ts stops then).
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`demo seed failed (exit ${code ?? signal})`));
    });
  });
}
