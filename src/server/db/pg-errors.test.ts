import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { allOrNothingRefused } from './pg-errors.ts';

describe('allOrNothingRefused', () => {
  it('sees all_or_nothing’s refusal inside the error Drizzle wraps it in', () => {
    const refusal = Object.assign(new Error('a part of the set was refused'), { code: 'P0001' });
    expect(allOrNothingRefused(new DrizzleQueryError('insert …', [], refusal))).toBe(true);
    expect(allOrNothingRefused(refusal)).toBe(true);
    const other = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(allOrNothingRefused(new DrizzleQueryError('insert …', [], other))).toBe(false);
    expect(allOrNothingRefused(null)).toBe(false);
  });
});
