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
  /** GET /api/user.php answered 403 authentication_required: the session is gone. */
  onLost: () => void;
};

const isLost = (error: unknown) => error instanceof ApiError && error.code === 'authentication_required';

/**
 * Polls GET /api/user.php through the user query (spec §7: 5 s after start, then every 60 s, or
 * 300 s with push); each answer lands in the query's cache entry, which the session reads
 * (member-cache.ts). Loaded on demand by MemberSessionProvider once a member is known, so
 * visitors' pages never load TanStack Query. It uses the page's one browser client directly: the
 * member layout's provider is not around it on public pages.
 */
export function SessionRefresher({ user, pushSubscribed, onLost }: Props) {
  const client = getQueryClient();
  const options = userQuery(user.id);
  const fetchesNow = () => {
    const state = client.getQueryState(options.queryKey);
    return state ? userFetchCount(state) : 0;
  };
  // Polling (re)starts with the 5 s first tick: with the member, and when push is switched on or
  // off. What was written before (the login's answer, the page's) is no tick of this schedule.
  const [start, setStart] = useState(() => ({ pushSubscribed, fetches: fetchesNow() }));
  if (start.pushSubscribed !== pushSubscribed) setStart({ pushSubscribed, fetches: fetchesNow() });

  const { error, errorUpdatedAt } = useQuery(
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

  useEffect(() => {
    // Anything else (offline, server busy) keeps the last known member until the next tick.
    if (errorUpdatedAt > 0 && isLost(error)) onLost();
  }, [error, errorUpdatedAt, onLost]);

  return null;
}
