import { describe, expect, it, vi } from 'vitest';
import { updateAppBadge, userRefreshDelay } from './session-timing.ts';

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
