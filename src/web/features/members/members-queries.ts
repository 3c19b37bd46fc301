import { infiniteQueryOptions } from '@tanstack/react-query';
import type { SearchResponse } from '../../../shared/contracts/members.ts';
import { getJson } from '../../lib/api.ts';
import { filtersToParams, type SearchFilters, searchApiUrl } from './search-filters.ts';

/**
 * Each first page the loader hands over is a search of its own: a revalidation or a new visit with
 * the same filters starts over from it, and a page still on its way for the old one lands in the
 * old entry, which nobody reads.
 */
const loads = new WeakMap<SearchResponse, number>();
let lastLoad = 0;
function loadOf(first: SearchResponse): number {
  let load = loads.get(first);
  if (load === undefined) {
    lastLoad += 1;
    load = lastLoad;
    loads.set(first, load);
  }
  return load;
}

const membersKeys = {
  all: ['members'] as const,
  search: (filters: SearchFilters, load: number) =>
    [...membersKeys.all, 'search', filtersToParams(filters).toString(), load] as const,
};

/**
 * /members page by page: the loader's first page (server-rendered), then GET /api/members.php one
 * cursor at a time. Only further pages are fetched here; the loader is the first page's source, so
 * the query is never stale and is dropped when the page no longer shows it.
 */
export function searchResultsQuery(first: SearchResponse, filters: SearchFilters) {
  return infiniteQueryOptions({
    queryKey: membersKeys.search(filters, loadOf(first)),
    queryFn: ({ pageParam }) => getJson<SearchResponse>(searchApiUrl(filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    initialData: { pages: [first], pageParams: [null] },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
