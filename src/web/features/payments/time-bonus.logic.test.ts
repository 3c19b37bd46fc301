import { describe, expect, it } from 'vitest';
import type { User } from '../../../shared/contracts/auth.ts';
import { formatCountdown, inMembersArea, modalAllowed } from './time-bonus.logic.ts';

describe('the time bonus on the page', () => {
  it('counts down in hours, minutes and seconds of two digits each', () => {
    expect(formatCountdown(14_400)).toBe('04:00:00');
    expect(formatCountdown(14_399)).toBe('03:59:59');
    expect(formatCountdown(61)).toBe('00:01:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it('shows in the members area only', () => {
    for (const id of ['routes/members', 'member', 'likes-member', 'likes', 'likes-type', 'chats', 'chat'])
      expect(inMembersArea(['root', 'layouts/default-layout', id])).toBe(true);
    expect(inMembersArea(['root', 'routes/premium'])).toBe(true);
    for (const id of ['routes/home', 'credits', 'routes/profile', 'routes/settings'])
      expect(inMembersArea(['root', id])).toBe(false);
  });

  it('opens the modal for a member with the bonus, 0 credits and no dismissal only', () => {
    const user = {
      credits: 0,
      time_bonus: { ends_at: '2026-11-25T04:00:00Z', seconds_left: 100 },
      dismissals: {},
    } as unknown as User;
    expect(modalAllowed(user)).toBe(true);
    expect(modalAllowed({ ...user, credits: 20 })).toBe(false);
    expect(modalAllowed({ ...user, time_bonus: null })).toBe(false);
    expect(modalAllowed({ ...user, dismissals: { time_bonus_modal: '2026-11-25T01:00:00Z' } })).toBe(false);
    expect(modalAllowed(null)).toBe(false);
  });
});
