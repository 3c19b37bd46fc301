import { infiniteQueryOptions } from '@tanstack/react-query';
import type { LikesListName, LikesListResponse } from '../../../shared/contracts/likes.ts';
import { getJson } from '../../lib/api.ts';
import { LIKES_QUERY_KEY } from './likes-keys.ts';

/**
 * One tab of /likes, page by page (GET /api/likes-list.php). Under LIKES_QUERY_KEY: a like or match
 * event, a reconnect or a like on the screen invalidates every tab at once.
 */
export const likesListQuery = (list: LikesListName) =>
  infiniteQueryOptions({
    queryKey: [...LIKES_QUERY_KEY, list],
    queryFn: ({ pageParam }) =>
      getJson<LikesListResponse>(
        `/api/likes-list.php?list=${list}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
