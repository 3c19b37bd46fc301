import { useCallback, useRef, useState } from 'react';
import type { MemberCard, SearchResponse } from '../../../shared/contracts/members.ts';
import { getJson } from '../../lib/api.ts';
import { type SearchFilters, searchApiUrl } from './search-filters.ts';

export type SearchResultsState = {
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
 * The results of one search: the first page from the loader, further pages from
 * GET /api/members.php appended one cursor at a time. A new first page (new filters) starts over,
 * and a page still on its way for the old search is dropped.
 */
export function useSearchResults(first: SearchResponse, filters: SearchFilters) {
  const [state, setState] = useState<SearchResultsState & { first: SearchResponse }>(() => ({
    first,
    members: first.members,
    nextCursor: first.next_cursor,
    status: 'idle',
  }));
  let current = state;
  if (state.first !== first) {
    current = { first, members: first.members, nextCursor: first.next_cursor, status: 'idle' };
    setState(current);
  }
  const firstRef = useRef(first);
  firstRef.current = first;
  const busy = useRef(false);

  const { nextCursor } = current;
  const loadMore = useCallback(async () => {
    if (busy.current || !nextCursor) return;
    busy.current = true;
    const forFirst = firstRef.current;
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      const page = await getJson<SearchResponse>(searchApiUrl(filters, nextCursor));
      if (firstRef.current !== forFirst) return;
      setState((s) => ({
        ...s,
        members: appendPage(s.members, page.members),
        nextCursor: page.next_cursor,
        status: 'idle',
      }));
    } catch {
      if (firstRef.current === forFirst) setState((s) => ({ ...s, status: 'error' }));
    } finally {
      busy.current = false;
    }
  }, [filters, nextCursor]);

  return { members: current.members, nextCursor: current.nextCursor, status: current.status, loadMore };
}
