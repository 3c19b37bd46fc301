import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { MemberCard, SearchResponse } from '../../../shared/contracts/members.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import { searchResultsQuery } from './members-queries.ts';
import type { SearchFilters } from './search-filters.ts';

type SearchResultsState = {
  members: MemberCard[];
  nextCursor: string | null;
  /** Of a further page; the first page comes with the route data. */
  status: 'idle' | 'loading' | 'error';
};

/** Appends a page, leaving out members already shown (a member edited between pages may move). */
export function appendPage(members: readonly MemberCard[], page: readonly MemberCard[]): MemberCard[] {
  const seen = new Set(members.map((m) => m.id));
  return [...members, ...page.filter((m) => !seen.has(m.id))];
}

/**
 * The results of one search (searchResultsQuery): the loader's first page, then further pages
 * appended. /members is open to visitors and outside the member layout, so the page's one browser
 * client is used directly, as the session refresher does.
 */
export function useSearchResults(first: SearchResponse, filters: SearchFilters) {
  const query = useInfiniteQuery(searchResultsQuery(first, filters), getQueryClient());
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const members = useMemo(
    () => data.pages.reduce<MemberCard[]>((shown, page) => appendPage(shown, page.members), []),
    [data.pages],
  );
  const loadMore = useCallback(async () => {
    if (!hasNextPage || isFetchingNextPage) return;
    // A second call while a page is on its way (scroll and button) waits for it instead of restarting it.
    await fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const status: SearchResultsState['status'] = isFetchingNextPage
    ? 'loading'
    : isFetchNextPageError
      ? 'error'
      : 'idle';
  return { members, nextCursor: data.pages.at(-1)?.next_cursor ?? null, status, loadMore };
}
