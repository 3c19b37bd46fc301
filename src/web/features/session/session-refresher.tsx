import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { User } from '../../../shared/contracts/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import { userQuery } from './session-queries.ts';
import { userFetchCount, userRefetchInterval } from './session-timing.ts';

type Props = {
  /** The member when polling starts; render this keyed by the member's id. */
  user: User;
  pushSubscribed: boolean;
  onUser: (user: User) => void;
  /** GET /api/user.php answered 403 authentication_required: the session is gone. */
  onLost: () => void;
  /** Hands the session a refresh through this query (null when polling stops). */
  onRefreshReady: (refresh: (() => Promise<void>) | null) => void;
};

const isLost = (error: unknown) => error instanceof ApiError && error.code === 'authentication_required';

/**
 * Polls GET /api/user.php through the user query (spec §7: 5 s after start, then every 60 s, or
 * 300 s with push). Loaded on demand by MemberSessionProvider once a member is known, so visitors'
 * pages never load TanStack Query. It uses the page's one browser client directly: the member
 * layout's provider is not around it on public pages.
 */
export function SessionRefresher({ user, pushSubscribed, onUser, onLost, onRefreshReady }: Props) {
  const client = getQueryClient();
  const options = userQuery(user.id);
  // Switching push on or off restarts the schedule with the 5 s first tick, as it always did.
  const [start, setStart] = useState({ pushSubscribed, fetches: 0 });
  if (start.pushSubscribed !== pushSubscribed) {
    const state = client.getQueryState(options.queryKey);
    setStart({ pushSubscribed, fetches: state ? userFetchCount(state) : 0 });
  }

  const { data, error, errorUpdatedAt } = useQuery(
    {
      ...options,
      initialData: user,
      refetchInterval: (query) => userRefetchInterval(query.state, start.fetches, pushSubscribed),
      // The counters in the title and the app badge matter most when the tab is in the background.
      refetchIntervalInBackground: true,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    client,
  );

  // A fetched member replaces the session's; the first value is the session's own (no change).
  useEffect(() => onUser(data), [data, onUser]);

  useEffect(() => {
    // Anything else (offline, server busy) keeps the last known member until the next tick.
    if (errorUpdatedAt > 0 && isLost(error)) onLost();
  }, [error, errorUpdatedAt, onLost]);

  const memberId = user.id;
  useEffect(() => {
    onRefreshReady(async () => {
      try {
        onUser(await client.fetchQuery({ ...userQuery(memberId), staleTime: 0 }));
      } catch (failure) {
        if (isLost(failure)) onLost();
      }
    });
    return () => onRefreshReady(null);
  }, [client, memberId, onUser, onLost, onRefreshReady]);

  return null;
}
