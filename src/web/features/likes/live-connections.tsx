import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AutoLikeResponse } from '../../../shared/contracts/likes.ts';
import type { MemberResponse } from '../../../shared/contracts/members.ts';
import { csrfHeader, getJson } from '../../lib/api.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import { connectRealtime } from '../../lib/realtime.ts';
import { emitChatEvent, followConnection } from '../chat/chat-events.ts';
import { emitCreditsEvent } from '../payments/credits-events.ts';
import { autoLikeDelayMs, withoutParam } from './auto-like.ts';
import { type Connection, type ConnectionMember, onConnectionAnnounced } from './connection-events.ts';
import { LIKES_QUERY_KEY } from './likes-keys.ts';
import { MatchModal } from './match-modal.tsx';

type Props = {
  /** Re-reads the member (the new-likes badge, the title count, credits). */
  onChanged: () => Promise<void>;
};

/** A match this tab announced itself also comes back over the socket: shown once. */
const SAME_CONNECTION_MS = 15_000;
/** How long the real-time channel may be down before a chat says so. */
const CONNECTION_GRACE_MS = 3_000;
/** Spec §4: the likes are read again 500 ms after an auto-like. */
const AUTO_LIKE_RELOAD_MS = 500;

async function fetchMember(id: number): Promise<ConnectionMember | null> {
  try {
    return (await getJson<MemberResponse>(`/api/member.php?id=${id}`)).member;
  } catch {
    // The member went hidden or blocked meanwhile: the badge still counts right, no modal.
    return null;
  }
}

/**
 * The member session's live part, loaded for members only: the real-time channel (one socket per
 * tab), the match and new-like modals, and the auto-like of `?t=`. Every like or match event, and
 * opening of the channel (events sent before it or while away are lost), reads the likes and the
 * member again.
 */
export function LiveConnections({ onChanged }: Props) {
  const [queue, setQueue] = useState<Connection[]>([]);
  const shown = useRef(new Map<string, number>());
  const changed = useRef(onChanged);
  changed.current = onChanged;

  const show = useCallback((connection: Connection) => {
    const key = `${connection.kind}:${connection.member.id}`;
    const now = Date.now();
    if (now - (shown.current.get(key) ?? 0) < SAME_CONNECTION_MS) return;
    shown.current.set(key, now);
    setQueue((current) => {
      // A match replaces the waiting new-like modal of the same member.
      const rest = current.filter((c) => !(c.member.id === connection.member.id && c.kind === 'like'));
      return [...rest, connection];
    });
  }, []);

  const reload = useCallback(() => {
    void getQueryClient().invalidateQueries({ queryKey: LIKES_QUERY_KEY });
    void changed.current();
  }, []);

  useEffect(() => onConnectionAnnounced(show), [show]);

  useEffect(() => {
    const client = connectRealtime();
    const offs = [
      client.on('like', async (event) => {
        reload();
        const member = await fetchMember(event.from.id);
        if (member) show({ kind: 'like', member });
      }),
      client.on('match', async (event) => {
        reload();
        const member = await fetchMember(event.with.id);
        if (member) show({ kind: 'match', member });
      }),
      client.on('credits', (event) => {
        emitCreditsEvent(event.balance);
        void changed.current();
      }),
      // The chat's events go to the open chat pages (features/chat/chat-events.ts); the unread
      // badge and the title count come with the member.
      client.on('message', (event) => {
        emitChatEvent(event);
        void changed.current();
      }),
      client.on('read', (event) => {
        emitChatEvent(event);
        void changed.current();
      }),
      client.on('typing', emitChatEvent),
      // A partner came online or went offline: the chat list and an open conversation show it.
      client.on('presence', emitChatEvent),
      // The partner confirmed their address: an open conversation with them unlocks.
      client.on('partner_changed', (event) => {
        emitChatEvent(event);
        void changed.current();
      }),
      // The server ended this session (a logout elsewhere, a suspension): reading the member now
      // finds it gone, and the session forgets the member at once instead of at the next poll.
      client.on('session_ended', () => void changed.current()),
      client.onOpen(reload),
      // A chat says when its messages cannot come live: after a grace, so a quick reconnect (a
      // deploy, a changed network) does not flash a warning; and it reads what it missed each time
      // the channel opens.
      followConnection(client, CONNECTION_GRACE_MS),
    ];
    return () => {
      for (const off of offs) off();
      client.stop();
    };
  }, [reload, show]);

  useAutoLike(show, reload);

  const current = queue[0] ?? null;
  const close = () => setQueue((q) => q.slice(1));
  return (
    <MatchModal
      key={current ? `${current.kind}:${current.member.id}` : 'none'}
      member={current?.member ?? null}
      kind={current?.kind ?? 'match'}
      onClose={close}
      onLikedChange={(liked) => {
        if (current && liked) setQueue((q) => [{ kind: 'match', member: current.member }, ...q.slice(1)]);
        reload();
      }}
    />
  );
}

/**
 * `?t=` (seconds): after the delay a like modal shows a member who now likes the viewer
 * (GET /api/auto-like.php, which decides whether anyone does), and the parameter leaves the URL.
 */
function useAutoLike(show: (connection: Connection) => void, reload: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const delay = autoLikeDelayMs(location.search);
  const target = useRef({ location, navigate });
  target.current = { location, navigate };

  useEffect(() => {
    if (delay === null) return;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(async () => {
      const { location: at, navigate: go } = target.current;
      void go(
        { pathname: at.pathname, search: withoutParam(at.search, 't'), hash: at.hash },
        {
          replace: true,
          preventScrollReset: true,
        },
      );
      try {
        const { profile } = await getJson<AutoLikeResponse>('/api/auto-like.php', { headers: csrfHeader() });
        if (!profile) return;
        show({ kind: 'like', member: profile });
        reloadTimer = setTimeout(reload, AUTO_LIKE_RELOAD_MS);
      } catch {
        // Nobody to show this time (limit reached, offline): the page simply goes on.
      }
    }, delay);
    return () => {
      clearTimeout(timer);
      clearTimeout(reloadTimer);
    };
  }, [delay, show, reload]);
}
