import type { z } from 'zod';
import {
  type ClientEvent,
  parseEvent,
  REALTIME_CLOSE,
  REALTIME_PATH,
  type ServerEvent,
  ServerEventSchema,
} from '../../shared/realtime/events.ts';

/** The part of the browser's WebSocket the client uses, so tests can hand it a fake. */
export type WebSocketLike = {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
};

export type RealtimeOptions = {
  url?: string;
  createSocket?: (url: string) => WebSocketLike;
  /** Math.random; tests pin it. */
  random?: () => number;
  /** The first retry waits up to this long; each failure doubles it. */
  baseDelayMs?: number;
  /** No retry waits longer than this, however many failures came before. */
  maxDelayMs?: number;
  /** A connection that stayed open this long counts as stable: the next failure starts from the base again. */
  stableAfterMs?: number;
  /**
   * The browser answers the server's pings but cannot see them: a connection that died without a
   * close (sleep, a changed network) would look open for minutes. The client sends its own ping
   * this often and drops a connection that heard nothing since the previous one.
   */
  livenessMs?: number;
  /**
   * Calls the listener each time the member turns to this tab (shown again, or its window
   * focused); returns the unsubscribe. A tab closed for a newer one waits for that (tests pass a
   * fake; the default listens to the document and the window).
   */
  onShown?: (listener: () => void) => () => void;
};

/**
 * 'paused': the server closed this tab's socket for a newer one (REALTIME_CLOSE.replaced); it
 * reconnects when the member turns to the tab again, not by itself.
 */
export type RealtimeState = 'connecting' | 'open' | 'waiting' | 'paused' | 'stopped';

/** What a socket of the site sends: events told apart by `type` (the member's, the staff's). */
type SocketEvent = { type: string };

export type RealtimeClient<E extends SocketEvent = ServerEvent> = {
  /** Calls `listener` with every valid event of that type; returns the unsubscribe. */
  on: <T extends E['type']>(type: T, listener: (event: Extract<E, { type: T }>) => void) => () => void;
  /**
   * Called each time the channel opens, the first time too: events sent before it (between the
   * page's answer and the socket) or while the tab was away are lost, so a feature re-reads what
   * it shows (likes, unread counts).
   */
  onOpen: (listener: () => void) => () => void;
  /** Called with each new state (a dropped connection, the next attempt, open again). */
  onState: (listener: (state: RealtimeState) => void) => () => void;
  /** Sends an event if the socket is open; false otherwise (the caller decides whether it matters). */
  send: (event: ClientEvent) => boolean;
  /** Closes for good (logout, leaving the member area). */
  stop: () => void;
  state: () => RealtimeState;
};

const OPEN = 1;

function onTabShown(listener: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', listener);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', listener);
  };
}

/** The socket URL on the page's own origin: the server refuses a foreign one. */
export function realtimeUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  path: string = REALTIME_PATH,
): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

/**
 * Full jitter (a uniform wait between 0 and the capped exponential): after a deploy or an outage,
 * thousands of tabs reconnect spread over the window instead of in waves.
 */
export function reconnectDelay(
  failures: number,
  random: () => number,
  baseMs: number,
  maxMs: number,
): number {
  return Math.floor(random() * Math.min(maxMs, baseMs * 2 ** failures));
}

/** The member's real-time channel: one socket per tab, reconnected until the session ends or stop(). */
export function connectRealtime(options: RealtimeOptions = {}): RealtimeClient {
  return connectEvents(ServerEventSchema, { ...options, url: options.url ?? realtimeUrl(window.location) });
}

/**
 * A socket of the site that hears `schema`'s events (the member's channel, the back office's), with
 * the same framing, close codes, backoff and liveness: reconnected until its session ends or stop().
 */
export function connectEvents<E extends SocketEvent>(
  schema: z.ZodType<E>,
  options: RealtimeOptions & { url: string },
): RealtimeClient<E> {
  const url = options.url;
  const createSocket = options.createSocket ?? ((address: string) => new WebSocket(address) as WebSocketLike);
  const random = options.random ?? Math.random;
  const baseMs = options.baseDelayMs ?? 1_000;
  const maxMs = options.maxDelayMs ?? 30_000;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  const livenessMs = options.livenessMs ?? 30_000;
  const onShown = options.onShown ?? onTabShown;

  const listeners = new Map<string, Set<(event: never) => void>>();
  const openListeners = new Set<() => void>();
  const stateListeners = new Set<(state: RealtimeState) => void>();
  let socket: WebSocketLike | undefined;
  let state: RealtimeState = 'connecting';
  function setState(next: RealtimeState) {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  }
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stableTimer: ReturnType<typeof setTimeout> | undefined;
  let livenessTimer: ReturnType<typeof setInterval> | undefined;
  let heardSinceLastPing = true;
  let stopWaitingForShown: (() => void) | undefined;

  function emit(event: ReturnType<typeof parse>) {
    if (!event) return;
    for (const listener of listeners.get(event.type) ?? []) (listener as (e: typeof event) => void)(event);
  }
  const parse = (data: unknown) => (typeof data === 'string' ? parseEvent(schema, data) : undefined);

  function finish() {
    setState('stopped');
    stopWaitingForShown?.();
    stopWaitingForShown = undefined;
    clearTimeout(retryTimer);
    clearTimeout(stableTimer);
    clearInterval(livenessTimer);
    const current = socket;
    socket = undefined;
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      if (current.readyState <= OPEN) current.close(1000, 'stopped');
    }
  }

  function open() {
    setState('connecting');
    const current = createSocket(url);
    socket = current;
    current.onopen = () => {
      setState('open');
      // Only a connection that lasts earns a fresh backoff; one that drops at once (a server
      // refusing it, a proxy cutting it) keeps doubling.
      stableTimer = setTimeout(() => {
        failures = 0;
      }, stableAfterMs);
      heardSinceLastPing = true;
      livenessTimer = setInterval(() => {
        if (!heardSinceLastPing) return lost(current);
        heardSinceLastPing = false;
        current.send(JSON.stringify({ type: 'ping' } satisfies ClientEvent));
      }, livenessMs);
      for (const listener of openListeners) listener();
    };
    // An event that does not parse is dropped: a newer server may send types this build does not know.
    current.onmessage = (message) => {
      heardSinceLastPing = true;
      const event = parse(message.data);
      emit(event);
      if (event?.type === 'session_ended') finish();
    };
    current.onerror = () => {};
    current.onclose = (event) => {
      if (event.code === REALTIME_CLOSE.sessionEnded) return finish();
      if (event.code === REALTIME_CLOSE.replaced) return pause();
      retry();
    };
  }

  /**
   * The member has more tabs open than the server keeps, and this was the oldest. Reconnecting by
   * itself would close another tab, which would reconnect and close another: only the member's
   * turning to this tab brings it back (then the oldest elsewhere gives way).
   */
  function pause() {
    clearTimeout(stableTimer);
    clearInterval(livenessTimer);
    socket = undefined;
    setState('paused');
    stopWaitingForShown = onShown(() => {
      stopWaitingForShown?.();
      stopWaitingForShown = undefined;
      failures = 0;
      open();
    });
  }

  function retry() {
    clearTimeout(stableTimer);
    clearInterval(livenessTimer);
    socket = undefined;
    setState('waiting');
    retryTimer = setTimeout(open, reconnectDelay(failures, random, baseMs, maxMs));
    failures += 1;
  }

  /** A connection that stopped answering: its close event may take minutes, so it is left behind now. */
  function lost(dead: WebSocketLike) {
    dead.onclose = null;
    dead.onmessage = null;
    dead.close(4000, 'no answer');
    retry();
  }

  open();

  return {
    on: (type, listener) => {
      const set = listeners.get(type) ?? new Set();
      set.add(listener as (event: never) => void);
      listeners.set(type, set);
      return () => {
        set.delete(listener as (event: never) => void);
      };
    },
    onOpen: (listener) => {
      openListeners.add(listener);
      return () => {
        openListeners.delete(listener);
      };
    },
    onState: (listener) => {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    send: (event) => {
      if (!socket || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(event));
      return true;
    },
    stop: finish,
    state: () => state,
  };
}
