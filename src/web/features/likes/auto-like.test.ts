import { describe, expect, it } from 'vitest';
import { AUTO_LIKE_MAX_DELAY_S, autoLikeDelayMs, withoutParam } from './auto-like.ts';

describe('autoLikeDelayMs', () => {
  it('reads seconds, fractions included, up to the maximum', () => {
    expect(autoLikeDelayMs('?t=5')).toBe(5000);
    expect(autoLikeDelayMs('?a=1&t=0.5')).toBe(500);
    expect(autoLikeDelayMs('?t=0')).toBe(0);
    expect(autoLikeDelayMs(`?t=${AUTO_LIKE_MAX_DELAY_S}`)).toBe(AUTO_LIKE_MAX_DELAY_S * 1000);
  });

  it('ignores a missing, negative, non-numeric or too long delay', () => {
    for (const search of ['', '?x=1', '?t=', '?t=-3', '?t=abc', '?t=1e3', `?t=${AUTO_LIKE_MAX_DELAY_S + 1}`])
      expect(autoLikeDelayMs(search), search).toBeNull();
  });
});

describe('withoutParam', () => {
  it('removes the parameter and keeps the others', () => {
    expect(withoutParam('?t=5', 't')).toBe('');
    expect(withoutParam('?gender=female&t=5&page=2', 't')).toBe('?gender=female&page=2');
    expect(withoutParam('?gender=female', 't')).toBe('?gender=female');
  });
});
