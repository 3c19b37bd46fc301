import { queryOptions } from '@tanstack/react-query';
import type { FinderAnswers, FinderResponse } from '../../../shared/contracts/match-finder.ts';
import { getJson } from '../../lib/api.ts';
import { answersToParams, finderApiUrl } from './finder-answers.ts';

const finderKeys = {
  all: ['match-finder'] as const,
  results: (answers: FinderAnswers) => [...finderKeys.all, answersToParams(answers).toString()] as const,
};

/** GET /api/match-finder.php: the ranked members for these answers. */
export function finderResultsQuery(answers: FinderAnswers) {
  return queryOptions({
    queryKey: finderKeys.results(answers),
    queryFn: () => getJson<FinderResponse>(finderApiUrl(answers)),
    // A ranking is rate limited and changes slowly: going back to the same answers reuses it.
    staleTime: 5 * 60_000,
  });
}
