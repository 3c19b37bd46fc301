import { describe, expect, it } from 'vitest';
import { createPromiseCache } from './promise-cache.ts';

describe('the promise cache', () => {
  it('takes a told value for a key it holds, with no load', async () => {
    const cache = createPromiseCache<number>({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 30;
    };
    expect(await cache.get('a', load)).toBe(30);
    cache.update('a', 12);
    expect(await cache.get('a', load)).toBe(12);
    expect(loads).toBe(1);
  });

  it('replaces a load under way with the told value', async () => {
    const cache = createPromiseCache<number>({ ttlMs: 60_000 });
    let finish: (value: number) => void = () => {};
    const first = cache.get('a', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.update('a', 12);
    finish(30);
    expect(await first).toBe(30);
    expect(await cache.get('a', async () => 99)).toBe(12);
  });

  it('leaves a key it does not hold unknown', async () => {
    const cache = createPromiseCache<number>({ ttlMs: 60_000 });
    cache.update('a', 12);
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
