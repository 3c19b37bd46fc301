import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { User } from '../../../shared/contracts/auth.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { ApiError, getJson, onAuthenticationLost, setCsrfToken } from '../../lib/api.ts';
import { titleWithCount } from './member-badges.ts';

const MemberContext = createContext<User | null>(null);

/** The logged-in member for the navigation; null for visitors. */
export function useMember(): User | null {
  return useContext(MemberContext);
}

/**
 * Keeps the member fresh: the server-rendered user first, then GET /api/user.php after 5 s and
 * every 60 s (300 s once push is on). A lost session anywhere logs the member out here too.
 */
export function MemberSessionProvider({
  initial,
  pushSubscribed = false,
  children,
}: {
  initial: User | null;
  pushSubscribed?: boolean;
  children: ReactNode;
}) {
  const [user, setUser] = useState<User | null>(initial);
  const revalidator = useRevalidator();

  useEffect(() => setUser(initial), [initial]);
  useEffect(() => setCsrfToken(user?.csrf_token), [user?.csrf_token]);

  useEffect(() => onAuthenticationLost(() => void revalidator.revalidate()), [revalidator]);

  useEffect(() => {
    if (!initial) return;
    let timer: ReturnType<typeof setTimeout>;
    const refresh = async () => {
      try {
        setUser((await getJson<{ user: User }>('/api/user.php')).user);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'authentication_required') {
          void revalidator.revalidate();
          return;
        }
      }
      timer = setTimeout(refresh, pushSubscribed ? LIMITS.userRefreshWithPushMs : LIMITS.userRefreshMs);
    };
    timer = setTimeout(refresh, LIMITS.userFirstRefreshMs);
    return () => clearTimeout(timer);
  }, [initial, pushSubscribed, revalidator]);

  const count = user ? user.unread_messages + user.new_likes : 0;
  useEffect(() => {
    document.title = titleWithCount(document.title, count);
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    // The app badge is a nicety: unsupported or refused, it is ignored.
    (count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.())?.catch(() => {});
  }, [count]);

  return <MemberContext.Provider value={user}>{children}</MemberContext.Provider>;
}
