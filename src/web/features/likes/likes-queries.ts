import { queryOptions } from '@tanstack/react-query';
import type { LikesResponse } from '../../../shared/contracts/likes.ts';
import { getJson } from '../../lib/api.ts';
import { LIKES_QUERY_KEY } from './likes-keys.ts';

/** GET /api/likes.php; the live part invalidates it on every like or match event and after a reconnect. */
export const likesQuery = () =>
  queryOptions({ queryKey: LIKES_QUERY_KEY, queryFn: () => getJson<LikesResponse>('/api/likes.php') });
