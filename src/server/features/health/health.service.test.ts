import { describe, expect, it } from 'vitest';
import { createDatabaseCheck } from './health.service.ts';

describe('createDatabaseCheck', () => {
  it('reuses a success for the TTL, never a failure', async () => {
    let clock = 0;
    let pings = 0;
    let up = true;
    const { check, knownUp } = createDatabaseCheck(
      async () => {
        pings += 1;
        if (!up) throw new Error('connection refused');
      },
      { ttlMs: 1_000, now: () => clock },
    );
    expect(knownUp()).toBe(false);
    expect(await check()).toBe(true);
    expect(knownUp()).toBe(true);
    clock = 999;
    expect(await Promise.all([check(), check()])).toEqual([true, true]);
    expect(pings).toBe(1);

    up = false;
    clock = 1_000;
    expect(knownUp()).toBe(false);
    expect(await check()).toBe(false);
    expect(knownUp()).toBe(false);
    expect(await check()).toBe(false);
    expect(pings).toBe(3);

    up = true;
    expect(await check()).toBe(true);
    expect(pings).toBe(4);
    expect(knownUp()).toBe(true);
  });

  it('lets concurrent callers share one ping, and counts a success from when it was asked', async () => {
    let clock = 0;
    let pings = 0;
    let answer: () => void = () => {};
    const { check, knownUp } = createDatabaseCheck(
      () => {
        pings += 1;
        return new Promise<void>((resolve) => {
          answer = resolve;
        });
      },
      { ttlMs: 1_000, now: () => clock },
    );
    const first = check();
    const second = check();
    await new Promise((resolve) => setImmediate(resolve)); // the ping starts on the next tick
    clock = 600; // a slow database: the answer comes 600 ms after the question
    answer();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(pings).toBe(1);
    clock = 999;
    expect(knownUp()).toBe(true);
    clock = 1_000;
    expect(knownUp()).toBe(false);
  });

  it('answers false, and pings again next time, when the ping throws at once', async () => {
    let pings = 0;
    const { check } = createDatabaseCheck(() => {
      pings += 1;
      throw new Error('pool closed');
    });
    expect(await check()).toBe(false);
    expect(await check()).toBe(false);
    expect(pings).toBe(2);
  });
});
