import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { SwipeAction, SwipeResponse, SwipeState } from '../../../shared/contracts/swipe.ts';
import { getJson, request } from '../../lib/api.ts';
import { browserTimeZone } from '../../lib/time-zone-cookie.ts';
import { LIKES_QUERY_KEY } from '../likes/likes-keys.ts';
import { filtersToParams, type SearchFilters } from '../members/search-filters.ts';
import { swipeApiUrl } from './swipe-logic.ts';

export const swipeKeys = {
  all: ['swipe'] as const,
  game: (filters: SearchFilters) => [...swipeKeys.all, 'game', filtersToParams(filters).toString()] as const,
};

/**
 * GET /api/swipe.php: the card, the likes left today, the countdown's end. Read when the page
 * opens and after every swipe's answer (which carries it); never behind the member's back, so a
 * card never changes under their finger.
 */
export function swipeGameQuery(filters: SearchFilters) {
  return queryOptions({
    queryKey: swipeKeys.game(filters),
    queryFn: () => getJson<SwipeState>(swipeApiUrl(filters, browserTimeZone())),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * The calls of a swipe and of an undo. The caller puts the answer into the cache when its card has
 * flown out (setGame), so the next card does not replace the one still on its way.
 */
export function useSwipeCalls(filters: SearchFilters) {
  const queryClient = useQueryClient();
  const key = swipeKeys.game(filters);
  return {
    swipe: (id: number, action: SwipeAction) =>
      request<SwipeResponse>(swipeApiUrl(filters), {
        method: 'POST',
        body: { id, action, time_zone: browserTimeZone() },
      }),
    undo: () => request<SwipeState>('/api/swipe-undo.php', { method: 'POST' }),
    setGame: (game: SwipeState) => queryClient.setQueryData(key, game),
    /** After a refusal: the game as the server has it (the countdown, another card). */
    reload: () => queryClient.invalidateQueries({ queryKey: key }),
    /** A like changes the likes lists (/likes). */
    likesChanged: () => queryClient.invalidateQueries({ queryKey: LIKES_QUERY_KEY }),
  };
}
