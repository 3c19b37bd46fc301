import type { FinderResponse } from '../../../shared/contracts/match-finder.ts';
import { presentMemberCard } from '../members/members.presenter.ts';
import type { FinderResult } from './match-finder.service.ts';

/** Each result is the member card search would send, with the reasons it was chosen. */
export function presentFinder(result: FinderResult, now: Date): FinderResponse {
  const visibility = { visibleFields: result.visibleFields };
  return {
    results: result.rows.map((row) => ({
      ...presentMemberCard(row, now, visibility),
      reasons: row.reasons,
    })),
  };
}
