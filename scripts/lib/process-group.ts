import type { ChildProcess } from 'node:child_process';

/*
 * The durability scripts' way of ending a server they started in its own process group (spawned
 * detached): all of it at once, as a power cut would, or asked to stop.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL to node, the postmaster and every backend at once; resolves when none is left. */
export async function powerCut(child: ChildProcess): Promise<void> {
  const pgid = child.pid as number;
  const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
  process.kill(-pgid, 'SIGKILL');
  await exited;
  while (groupAlive(pgid)) await sleep(10);
}

/** SIGTERM to the server; resolves when it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
