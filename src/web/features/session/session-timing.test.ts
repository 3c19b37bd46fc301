import { describe, expect, it, vi } from 'vitest';
import { updateAppBadge, userRefetchInterval, userRefreshDelay } from './session-timing.ts';

describe('user refresh delay', () => {
  it('refreshes 5 s after load, then every 60 s', () => {
    expect(userRefreshDelay(true, false)).toBe(5_000);
    expect(userRefreshDelay(false, false)).toBe(60_000);
  });
  it('waits 300 s between refreshes once push is subscribed', () => {
    expect(userRefreshDelay(false, true)).toBe(300_000);
    expect(userRefreshDelay(true, true)).toBe(5_000);
  });
});

describe('user refetch interval', () => {
  const fresh = { dataUpdateCount: 0, errorUpdateCount: 0 };
  it('waits 5 s before the first fetch, then 60 s after each fetch, failed ones included', () => {
    expect(userRefetchInterval(fresh, 0, false)).toBe(5_000);
    expect(userRefetchInterval({ dataUpdateCount: 1, errorUpdateCount: 0 }, 0, false)).toBe(60_000);
    expect(userRefetchInterval({ dataUpdateCount: 0, errorUpdateCount: 1 }, 0, false)).toBe(60_000);
  });
  it('starts over with 5 s when push changes, then waits 300 s with push', () => {
    const afterThree = { dataUpdateCount: 2, errorUpdateCount: 1 };
    expect(userRefetchInterval(afterThree, 3, true)).toBe(5_000);
    expect(userRefetchInterval({ dataUpdateCount: 3, errorUpdateCount: 1 }, 3, true)).toBe(300_000);
  });
});

describe('app badge', () => {
  it('sets the sum, clears at zero', () => {
    const nav = { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) };
    updateAppBadge(nav, 4);
    expect(nav.setAppBadge).toHaveBeenCalledWith(4);
    updateAppBadge(nav, 0);
    expect(nav.clearAppBadge).toHaveBeenCalledOnce();
  });
  it('ignores missing support and failures', async () => {
    expect(() => updateAppBadge({}, 3)).not.toThrow();
    const rejected = { setAppBadge: vi.fn(() => Promise.reject(new Error('denied'))) };
    expect(() => updateAppBadge(rejected, 3)).not.toThrow();
    const throwing = {
      clearAppBadge: vi.fn(() => {
        throw new Error('not allowed');
      }),
    };
    expect(() => updateAppBadge(throwing, 0)).not.toThrow();
    await Promise.resolve();
  });
});
