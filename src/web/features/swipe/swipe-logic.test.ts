import { describe, expect, it } from 'vitest';
import { dragRotation, formatCountdown, stampOpacity, swipeApiUrl, swipeDecision } from './swipe-logic.ts';

describe('swipeDecision', () => {
  const width = 360;
  it('decides past 30% of the card, either way', () => {
    expect(swipeDecision(120, 0, 1, width)).toBe('like');
    expect(swipeDecision(-120, 0, -1, width)).toBe('pass');
    expect(swipeDecision(100, 0, 1, width)).toBeNull();
    expect(swipeDecision(-100, 0.1, -1, width)).toBeNull();
  });

  it('takes a fast flick as a decision, but not a flick back towards the middle', () => {
    expect(swipeDecision(50, 0.8, 1, width)).toBe('like');
    expect(swipeDecision(-50, 0.8, -1, width)).toBe('pass');
    expect(swipeDecision(60, 0.8, -1, width)).toBeNull();
    expect(swipeDecision(20, 2, 1, width)).toBeNull();
  });

  it('never lets a narrow card decide on a twitch', () => {
    expect(swipeDecision(70, 0, 1, 150)).toBeNull();
    expect(swipeDecision(80, 0, 1, 150)).toBe('like');
  });
});

describe('the dragged card', () => {
  it('turns a little, and not at all for reduced motion', () => {
    expect(dragRotation(100, false)).toBe(5);
    expect(dragRotation(-1000, false)).toBe(-15);
    expect(dragRotation(100, true)).toBe(0);
  });

  it('shows its stamp fully at the threshold', () => {
    expect(stampOpacity(0, 360)).toBe(0);
    expect(stampOpacity(54, 360)).toBeCloseTo(0.5);
    expect(stampOpacity(-500, 360)).toBe(1);
  });
});

describe('formatCountdown', () => {
  const now = new Date('2026-11-24T20:00:00Z');
  it('counts hours, minutes and seconds, rounding up to the next second', () => {
    expect(formatCountdown(new Date('2026-11-24T23:00:00Z'), now)).toBe('03:00:00');
    expect(formatCountdown(new Date('2026-11-24T20:01:01.200Z'), now)).toBe('00:01:02');
    expect(formatCountdown(new Date('2026-11-25T22:00:00Z'), now)).toBe('26:00:00');
  });

  it('stops at zero', () => {
    expect(formatCountdown(new Date('2026-11-24T19:00:00Z'), now)).toBe('00:00:00');
  });
});

describe('swipeApiUrl', () => {
  it('sends the search filters under their API names, and the zone', () => {
    expect(swipeApiUrl({ gender: 'female', country: 'NL', min_age: 30 }, 'Europe/Amsterdam')).toBe(
      '/api/swipe.php?gender=female&country=NL&min_age=30&time_zone=Europe%2FAmsterdam',
    );
    expect(swipeApiUrl({})).toBe('/api/swipe.php');
  });
});
