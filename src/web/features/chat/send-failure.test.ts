import { describe, expect, it } from 'vitest';
import { canRetry } from './send-failure.tsx';

describe('canRetry', () => {
  it('offers no retry for a message refused for lack of credits while the balance is short', () => {
    expect(canRetry('insufficient_credits', 5, 10)).toBe(false);
    expect(canRetry('insufficient_credits', undefined, 10)).toBe(false);
    expect(canRetry('insufficient_credits', 5, undefined)).toBe(false);
  });

  it('offers it again once the balance covers the price (credits bought since)', () => {
    expect(canRetry('insufficient_credits', 10, 10)).toBe(true);
    expect(canRetry('insufficient_credits', 600, 30)).toBe(true);
  });

  it('never after a final refusal; always after a lost connection or a limit that passes', () => {
    expect(canRetry('partner_pending_deletion', 600, 10)).toBe(false);
    expect(canRetry('gift_not_found', 600, 10)).toBe(false);
    expect(canRetry(undefined, 0, 10)).toBe(true);
    expect(canRetry('daily_limit_reached', 600, 10)).toBe(true);
    expect(canRetry('rate_limited', 0, 10)).toBe(true);
  });
});
