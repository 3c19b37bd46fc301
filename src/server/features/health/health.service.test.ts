import { describe, expect, it } from 'vitest';
import { createDatabaseCheck } from './health.service.ts';

describe('createDatabaseCheck', () => {
  it('reuses a success for the TTL, never a failure', async () => {
    let clock = 0;
    let pings = 0;
    let up = true;
    const check = createDatabaseCheck(
      async () => {
        pings += 1;
        if (!up) throw new Error('connection refused');
      },
      { ttlMs: 1_000, now: () => clock },
    );
    expect(await check()).toBe(true);
    clock = 999;
    expect(await Promise.all([check(), check()])).toEqual([true, true]);
    expect(pings).toBe(1);

    up = false;
    clock = 1_000;
    expect(await check()).toBe(false);
    expect(await check()).toBe(false);
    expect(pings).toBe(3);

    up = true;
    expect(await check()).toBe(true);
    expect(pings).toBe(4);
  });
});
