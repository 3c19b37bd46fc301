import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { User } from '../../../shared/contracts/auth.ts';
import { ApiError, getJson, onAuthenticationLost, setCsrfToken } from '../../lib/api.ts';
import { titleWithCount } from './member-badges.ts';
import { updateAppBadge, userRefreshDelay } from './session-timing.ts';

export type Session = {
  /** The logged-in member (refreshed in the background); null for visitors. */
  user: User | null;
  /** Also sent by the api client on every state-changing call; exposed for forms posting elsewhere. */
  csrfToken: string | undefined;
  pushSubscribed: boolean;
  /** The push feature reports its subscription here, which slows the polling down to 300 s. */
  setPushSubscribed: (subscribed: boolean) => void;
  /** Fetches the member now, e.g. after buying credits, instead of waiting for the next tick. */
  refresh: () => Promise<void>;
  /** After login or reactivation: shows the member at once, then goes on to `to`. */
  signIn: (user: User, to: string) => Promise<void>;
  /** After the server ended the session (account deleted): forgets the member, then goes to `to`. */
  signOut: (to: string) => Promise<void>;
  logout: () => Promise<void>;
};

const visitor: Session = {
  user: null,
  csrfToken: undefined,
  pushSubscribed: false,
  setPushSubscribed: () => {},
  refresh: async () => {},
  signIn: async () => {},
  signOut: async () => {},
  logout: async () => {},
};

const SessionContext = createContext<Session>(visitor);

export function useSession(): Session {
  return useContext(SessionContext);
}

/** The logged-in member for the navigation; null for visitors. */
export function useMember(): User | null {
  return useContext(SessionContext).user;
}

/**
 * Keeps the member fresh: the server-rendered user first, then GET /api/user.php after 5 s and
 * every 60 s (300 s once push is on). A lost session anywhere logs the member out here too.
 */
export function MemberSessionProvider({ initial, children }: { initial: User | null; children: ReactNode }) {
  const [user, setUser] = useState<User | null>(initial);
  const [pushSubscribed, setPushSubscribed] = useState(false);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  // The revalidator's identity changes with its state; a ref keeps the polling loop from restarting.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => setUser(initial), [initial]);
  useEffect(() => setCsrfToken(user?.csrf_token), [user?.csrf_token]);

  // Spec §4: forget the member at once (no stale menu), then let the loaders redirect as needed.
  const loseSession = useCallback(() => {
    setUser(null);
    setCsrfToken(undefined);
    void revalidate.current();
  }, []);
  useEffect(() => onAuthenticationLost(loseSession), [loseSession]);

  const refresh = useCallback(async () => {
    try {
      setUser((await getJson<{ user: User }>('/api/user.php')).user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'authentication_required') loseSession();
      // Anything else (offline, server busy) keeps the last known member until the next tick.
    }
  }, [loseSession]);

  const memberId = user?.id;
  useEffect(() => {
    if (memberId === undefined) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      await refresh();
      // A fetch still running when the effect was cleaned up must not start a second loop.
      if (!cancelled) timer = setTimeout(tick, userRefreshDelay(false, pushSubscribed));
    };
    timer = setTimeout(tick, userRefreshDelay(true, pushSubscribed));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [memberId, pushSubscribed, refresh]);

  // Navigate first, revalidate after: revalidating in place would rerun the current page's
  // middleware (login's 'guest', settings' 'auth'), whose redirect cancels the root's new data.
  const signIn = useCallback(
    async (member: User, to: string) => {
      setUser(member);
      setCsrfToken(member.csrf_token);
      await navigate(to);
      await revalidate.current();
    },
    [navigate],
  );
  const signOut = useCallback(
    async (to: string) => {
      setUser(null);
      setCsrfToken(undefined);
      await navigate(to);
      await revalidate.current();
    },
    [navigate],
  );
  const logout = useCallback(async () => {
    await getJson('/api/logout.php').catch(() => {});
    await signOut('/');
  }, [signOut]);

  const count = user ? user.unread_messages + user.new_likes : 0;
  useEffect(() => {
    // Each page's meta sets a bare title; watching the head re-applies the count after navigations.
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    updateAppBadge(navigator as Navigator & Parameters<typeof updateAppBadge>[0], count);
    return () => observer.disconnect();
  }, [count]);

  const session = useMemo<Session>(
    () => ({
      user,
      csrfToken: user?.csrf_token,
      pushSubscribed,
      setPushSubscribed,
      refresh,
      signIn,
      signOut,
      logout,
    }),
    [user, pushSubscribed, refresh, signIn, signOut, logout],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
