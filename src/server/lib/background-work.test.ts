import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background-work.ts';

function deferred() {
  let resolve = () => {};
  let reject = (_error: Error) => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('background work', () => {
  it('is idle at once when nothing runs', async () => {
    const work = createBackgroundWork();
    expect(await work.idle()).toBe(false);
  });

  it('waits for what runs, and for what that work starts before it ends', async () => {
    const work = createBackgroundWork();
    const first = deferred();
    const second = deferred();
    const done: string[] = [];
    void work.track(
      first.promise.then(() => {
        // Started by the first work: idle() must wait for it too.
        void work.track(second.promise.then(() => done.push('second')));
        done.push('first');
      }),
    );
    const idle = work.idle().then(() => done.push('idle'));
    expect(work.running()).toBe(1);
    first.resolve();
    await Promise.resolve();
    second.resolve();
    await idle;
    expect(done).toEqual(['first', 'second', 'idle']);
    expect(work.running()).toBe(0);
  });

  it('counts failed work as ended, and hands the failure to its caller', async () => {
    const work = createBackgroundWork();
    const failing = deferred();
    const tracked = work.track(failing.promise);
    failing.reject(new Error('provider down'));
    await expect(tracked).rejects.toThrow('provider down');
    await work.idle();
    expect(work.running()).toBe(0);
  });
});
