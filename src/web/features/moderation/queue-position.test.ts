import { describe, expect, it } from 'vitest';
import { keepPosition } from './queue-position.ts';

describe('keepPosition', () => {
  it('stays on the item shown while it still waits, wherever the others went', () => {
    expect(keepPosition([1, 2, 3], 2, [2, 3, 4])).toBe(2);
  });

  it('moves to the next waiting item when the shown one was decided, here or by someone else', () => {
    expect(keepPosition([1, 2, 3, 4], 2, [1, 3, 4])).toBe(3);
    // The next one went too (another moderator): the one after it.
    expect(keepPosition([1, 2, 3, 4], 2, [1, 4])).toBe(4);
  });

  it('after the last seen item, shows a newly arrived one, else the last that waits', () => {
    expect(keepPosition([1, 2, 3], 3, [1, 2, 9])).toBe(9);
    expect(keepPosition([1, 2, 3], 3, [1, 2])).toBe(2);
  });

  it('starts at the oldest, and has nothing to show in an empty queue', () => {
    expect(keepPosition([], null, [5, 6])).toBe(5);
    expect(keepPosition([1], 1, [])).toBeNull();
    expect(keepPosition([1, 2], 7, [1, 2])).toBe(1);
  });
});
