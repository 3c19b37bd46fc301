import { describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import { appendPage } from './use-search-results.ts';

const card = (id: number): MemberCard => ({
  id,
  name: `m${id}`,
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  city: null,
  fictional: false,
  main_image: null,
});

describe('appendPage', () => {
  it('appends the next page in order', () => {
    expect(appendPage([card(9), card(8)], [card(7), card(6)]).map((m) => m.id)).toEqual([9, 8, 7, 6]);
  });

  it('never shows a member twice', () => {
    expect(appendPage([card(9), card(8)], [card(8), card(7)]).map((m) => m.id)).toEqual([9, 8, 7]);
  });
});
