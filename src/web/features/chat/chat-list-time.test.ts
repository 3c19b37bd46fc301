import { describe, expect, it } from 'vitest';
import { chatListTime } from './chat-list-time.ts';

const now = new Date('2026-11-29T10:30:00Z');
const zone = 'Europe/Amsterdam';

describe('chatListTime', () => {
  it('shows the time for a message of today, in the member’s time zone', () => {
    expect(chatListTime('2026-11-29T08:05:00Z', now, 'nl', zone)).toBe('09:05');
    // 23:30 UTC on the 28th is already the 29th in Amsterdam: today, not yesterday.
    expect(chatListTime('2026-11-28T23:30:00Z', now, 'nl', zone)).toBe('00:30');
  });

  it('shows the weekday within the last week, the day and month before, the year once it differs', () => {
    expect(chatListTime('2026-11-27T12:00:00Z', now, 'nl', zone)).toBe('vr');
    expect(chatListTime('2026-11-27T12:00:00Z', now, 'en', zone)).toBe('Fri');
    expect(chatListTime('2026-11-02T12:00:00Z', now, 'nl', zone)).toBe('2 nov');
    expect(chatListTime('2025-12-24T12:00:00Z', now, 'nl', zone)).toBe('24 dec 2025');
  });
});
