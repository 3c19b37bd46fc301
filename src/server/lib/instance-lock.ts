import fs from 'node:fs';
import path from 'node:path';

/** Alive and still a node process: a reused pid of some other program does not count. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return false;
  }
}

/**
 * Marks DATA_DIR as owned by this process. A lock left by a process that no longer runs
 * (kill -9, crash) is taken over; a live owner means a second start by mistake.
 */
export function acquireInstanceLock(dataDir: string, log: { warn: (o: object, m: string) => void }): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'app.pid');
  const previous = Number.parseInt(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', 10);
  if (Number.isInteger(previous) && previous !== process.pid && isAlive(previous)) {
    throw new Error(
      `Another instance (pid ${previous}) is running with DATA_DIR ${dataDir}. Stop it first, or use another DATA_DIR.`,
    );
  }
  if (Number.isInteger(previous))
    log.warn({ pid: previous }, 'taking over DATA_DIR from a process that is gone');
  fs.writeFileSync(file, String(process.pid));
  process.on('exit', () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
    } catch {}
  });
}
