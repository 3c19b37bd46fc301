import { describe, expect, it } from 'vitest';
import { countBadge, creditsBadge, titleWithCount } from './member-badges.ts';

describe('member badges', () => {
  it('caps counts at 99+', () => {
    expect(countBadge(0)).toBeNull();
    expect(countBadge(7)).toBe('7');
    expect(countBadge(99)).toBe('99');
    expect(countBadge(100)).toBe('99+');
  });
  it('shows the credits badge at 10 or fewer, danger at 0', () => {
    expect(creditsBadge(11)).toBeNull();
    expect(creditsBadge(10)).toEqual({ text: '10', variant: 'warning' });
    expect(creditsBadge(1)).toEqual({ text: '1', variant: 'warning' });
    expect(creditsBadge(0)).toEqual({ text: '0', variant: 'danger' });
  });
  it('prefixes the title with the sum, once', () => {
    expect(titleWithCount('Liefdesplein', 3)).toBe('(3) Liefdesplein');
    expect(titleWithCount('(3) Liefdesplein', 5)).toBe('(5) Liefdesplein');
    expect(titleWithCount('(5) Liefdesplein', 0)).toBe('Liefdesplein');
  });
});
