import { afterAll, describe, expect, it } from 'vitest';
import { FINDER_RESULTS } from '../../../shared/contracts/match-finder.ts';
import { INTEREST_KEYS } from '../../../shared/interests.ts';
import { createTestDb } from '../../test/db.ts';
import { createMember } from '../../test/members.ts';
import { interestsMask, poolMayMissBetter, WEIGHTS } from './match-finder.service.ts';

const database = await createTestDb();
afterAll(() => database.close());

describe('interests as bits', () => {
  it('gives every interest key the bit of its place in INTEREST_KEYS, in SQL as in TypeScript', async () => {
    const { rows } = await database.pool.query<{ key: string; mask: string }>(
      `select key, interests_mask(array[key])::text as mask from unnest($1::text[]) as key`,
      [INTEREST_KEYS],
    );
    expect(rows.map((r) => [r.key, BigInt(r.mask)])).toEqual(
      INTEREST_KEYS.map((key, i) => [key, 1n << BigInt(i)]),
    );
    for (const key of INTEREST_KEYS)
      expect(interestsMask([key])).toBe(1n << BigInt(INTEREST_KEYS.indexOf(key)));
    // Bits stay below 2^53, so the masks travel as plain numbers.
    expect(INTEREST_KEYS.length).toBeLessThanOrEqual(53);
  });

  it('keeps profiles.interests_mask in step with the interests, and ignores unknown keys', async () => {
    const member = await createMember(database.db, { interests: ['hiking', 'wine', 'hiking'] });
    const read = async () =>
      (
        await database.pool.query<{ mask: string }>(
          'select interests_mask::text as mask from profiles where user_id = $1',
          [member.id],
        )
      ).rows[0]?.mask;
    expect(BigInt((await read()) ?? -1)).toBe(interestsMask(['hiking', 'wine']));
    await database.pool.query(`update profiles set interests = '{coffee,knitting}' where user_id = $1`, [
      member.id,
    ]);
    expect(BigInt((await read()) ?? -1)).toBe(interestsMask(['coffee']));
    await database.pool.query(`update profiles set interests = '{}' where user_id = $1`, [member.id]);
    expect(await read()).toBe('0');
  });
});

describe('poolMayMissBetter', () => {
  const BONUS_MAX = WEIGHTS.photo + WEIGHTS.active;
  const full = (lastScore: number, floor: number, poolSize = 300) =>
    Array.from({ length: FINDER_RESULTS }, (_, i) => ({
      score: i === FINDER_RESULTS - 1 ? lastScore : lastScore + 10,
      poolSize,
      poolFloor: floor,
    }));

  it('trusts a pool that held every candidate', () => {
    expect(poolMayMissBetter([{ score: 1, poolSize: 12, poolFloor: 0 }], 300)).toBe(false);
  });

  it('trusts a full pool only when the last result beats anything left out', () => {
    expect(poolMayMissBetter(full(20 + BONUS_MAX + 0.01, 20), 300)).toBe(false);
    expect(poolMayMissBetter(full(20 + BONUS_MAX, 20), 300)).toBe(true);
    expect(poolMayMissBetter(full(22, 20), 300)).toBe(true);
  });

  it('asks for a bigger pool when the full pool gave fewer results than the list holds, or none', () => {
    expect(poolMayMissBetter(full(50, 20).slice(0, FINDER_RESULTS - 1), 300)).toBe(true);
    expect(poolMayMissBetter([], 300)).toBe(true);
  });
});
