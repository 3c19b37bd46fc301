import {
  type ComponentType,
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useRevalidator } from 'react-router';
import type { User } from '../../../shared/contracts/auth.ts';
import { ApiError, csrfHeader, getJson, onAuthenticationLost, setCsrfToken } from '../../lib/api.ts';
import { forgetMemberData } from '../../lib/local-storage.ts';
import { lazyNamed } from '../../lib/on-demand.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { titleWithCount } from './member-badges.ts';
import { updateAppBadge } from './session-timing.ts';

// With TanStack Query: fetched only once a member is known, so visitors' pages stay within
// their JavaScript budget (docs/decisions/0016).
const SessionRefresher = lazyNamed(() => import('./session-refresher.tsx').then((m) => m.SessionRefresher));
type MemberCache = typeof import('./member-cache.ts');
let memberCache: Promise<MemberCache> | undefined;
/** The member's cache entry (member-cache.ts), with TanStack Query: loaded once a member is known. */
const loadMemberCache = () => {
  memberCache ??= import('./member-cache.ts');
  return memberCache;
};
const noSubscription = () => () => {};

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
 * The logged-in member from one source: the loader's (server-rendered, and after every
 * revalidation) until the browser has the user query's cache entry, then that entry, which the
 * poll (GET /api/user.php after 5 s and every 60 s, 300 s once push is on; SessionRefresher), a
 * refresh, a save answering with the member and the loaders' fresh reads all write. The provider
 * keeps only which member this tab is logged in as, for the moments between a login or a logout
 * and the loaders' answer. A lost session anywhere logs the member out here too.
 */
export function MemberSessionProvider({
  initial,
  live: Live,
  children,
}: {
  initial: User | null;
  /** What runs for a member only, beside the page (the layout's real-time channel), told of changes. */
  live?: ComponentType<{ onChanged: () => Promise<void> }>;
  children: ReactNode;
}) {
  // A newer loader answer decides again: who it says is logged in is, until the next login or logout.
  const [chosen, setChosen] = useState({ initial, memberId: initial?.id ?? null });
  const memberId = chosen.initial === initial ? chosen.memberId : (initial?.id ?? null);
  const choose = useCallback((id: number | null) => setChosen({ initial, memberId: id }), [initial]);
  const [cache, setCache] = useState<MemberCache | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => (cache && memberId !== null ? cache.watchMember(memberId, onChange) : () => {}),
    [cache, memberId],
  );
  const cached = useSyncExternalStore(
    cache ? subscribe : noSubscription,
    () => (cache && memberId !== null ? cache.readMember(memberId) : undefined),
    () => undefined,
  );
  const user = memberId === null ? null : (cached ?? (initial?.id === memberId ? initial : null));

  const [pushSubscribed, setPushSubscribed] = useState(false);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  // The revalidator's identity changes with its state; a ref keeps the callbacks below stable.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const hydrated = useHydrated();

  // The cache entry comes into play once the page is live and a member is known.
  const wantsCache = hydrated && memberId !== null;
  useEffect(() => {
    if (wantsCache && !cache) void loadMemberCache().then(setCache);
  }, [wantsCache, cache]);
  // A loader's answer is a fresh read of the member (a revalidation after a purchase, a page of
  // another layout): the entry takes it, unless what it holds was read later still (a refresh that
  // answered before the entry was in reach).
  const arrival = useRef({ initial, at: Date.now() });
  if (arrival.current.initial !== initial) arrival.current = { initial, at: Date.now() };
  useEffect(() => {
    if (cache && initial) cache.writeMember(initial, arrival.current.at);
  }, [cache, initial]);

  // A layout effect: it runs before any page's effects, which run before this component's own, so a
  // page opened directly (not reached by a click) can already post from its first effect
  // (/likes/m/{id} marks the like seen at once; without the token that was a 403).
  useLayoutEffect(() => setCsrfToken(user?.csrf_token), [user?.csrf_token]);

  // Spec §4: forget the member at once (no stale menu), then let the loaders redirect as needed.
  const loseSession = useCallback(() => {
    choose(null);
    setCsrfToken(undefined);
    void memberCache?.then((c) => c.forgetMembers());
    void revalidate.current();
  }, [choose]);
  useEffect(() => onAuthenticationLost(loseSession), [loseSession]);

  const refresh = useCallback(async () => {
    if (memberId === null) return;
    try {
      const loaded = await loadMemberCache();
      setCache(loaded);
      await loaded.fetchMember(memberId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'authentication_required') loseSession();
      // Anything else (offline, server busy) keeps the last known member until the next tick.
    }
  }, [memberId, loseSession]);

  // Navigate first, revalidate after: revalidating in place would rerun the current page's
  // middleware (login's 'guest', settings' 'auth'), whose redirect cancels the root's new data.
  const signIn = useCallback(
    async (member: User, to: string) => {
      const loaded = await loadMemberCache();
      loaded.writeMember(member);
      setCache(loaded);
      choose(member.id);
      setCsrfToken(member.csrf_token);
      await navigate(to);
      await revalidate.current();
    },
    [navigate, choose],
  );
  // A logout or a deleted account (not a lost session: the member logs in again and finds their
  // unsent messages).
  const forget = useCallback(() => {
    forgetMemberData();
    choose(null);
    setCsrfToken(undefined);
    void memberCache?.then((c) => c.forgetMembers());
  }, [choose]);
  // While a logout's request runs, the live channel and the polling are stopped: the channel the
  // server closes would otherwise reconnect and read the member, refused (a failed request on every
  // logout).
  const [leaving, setLeaving] = useState(false);
  // `before` runs with the live parts stopped and the member still shown, before the member is
  // forgotten and the navigation starts at once: shown as a visitor any sooner, the header offered
  // "Log in" while the request ran, and a click on it was undone by the navigation that followed.
  const signOut = useCallback(
    async (to: string, before?: () => Promise<unknown>) => {
      flushSync(() => setLeaving(true));
      try {
        await before?.();
      } finally {
        forget();
        setLeaving(false);
      }
      await navigate(to);
      await revalidate.current();
    },
    [navigate, forget],
  );
  // The token goes along as it was.
  const logout = useCallback(async () => {
    const headers = csrfHeader();
    await signOut('/', () => getJson('/api/logout.php', { headers }).catch(() => {}));
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
  return (
    <SessionContext.Provider value={session}>
      {children}
      {hydrated && user && !leaving && (
        <Suspense fallback={null}>
          <SessionRefresher key={user.id} user={user} pushSubscribed={pushSubscribed} onLost={loseSession} />
          {Live && <Live key={`live-${user.id}`} onChanged={refresh} />}
        </Suspense>
      )}
    </SessionContext.Provider>
  );
}
