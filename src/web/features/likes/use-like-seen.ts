import { useEffect } from 'react';
import { request } from '../../lib/api.ts';
import { useSession } from '../session/member-session.tsx';
import { LIKES_QUERY_KEY } from './likes-keys.ts';

/**
 * Opening a liker's profile through /likes/m/{id} clears that like's new flag (spec §4): the
 * badge, the title count and the likes list follow. `memberId` null: not a liked-by view.
 */
export function useLikeSeen(memberId: number | null): void {
  const { user, refresh } = useSession();
  const loggedIn = user !== null;
  useEffect(() => {
    if (memberId === null || !loggedIn) return;
    let cancelled = false;
    request('/api/like-seen.php', { method: 'POST', body: { id: memberId } })
      .then(() => {
        if (cancelled) return;
        void refresh();
        // Loaded here, not imported: the profile view is also a visitors' page, without TanStack Query.
        void import('../../lib/query-client.ts').then(({ getQueryClient }) =>
          getQueryClient().invalidateQueries({ queryKey: LIKES_QUERY_KEY }),
        );
      })
      // Not worth an error on the profile: the flag stays and is cleared at the next visit.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [memberId, loggedIn, refresh]);
}
