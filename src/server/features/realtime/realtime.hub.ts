import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { REALTIME_LIMITS } from '../../../shared/limits.ts';
import {
  type ClientEvent,
  ClientEventSchema,
  parseEvent,
  REALTIME_CLOSE,
  type ServerEvent,
} from '../../../shared/realtime/events.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { userChanged } from '../auth/sessions.service.ts';
import { creditsChanged } from '../credits/credits.service.ts';
import { PRESENCE } from './presence.online.ts';
import { markOffline, markOnline, refreshPresence } from './presence.service.ts';
import { realtimeMember } from './realtime.service.ts';

/** The heartbeat visits its sockets in this many slots, one per tick (at most; a tick is ≥ 50 ms). */
const HEARTBEAT_SLOTS = 100;
const MIN_HEARTBEAT_TICK_MS = 50;

/** Client messages that do not parse are ignored; this many on one socket closes it (a broken or hostile client). */
export const MAX_INVALID_CLIENT_MESSAGES = 10;

/** A socket's allowance of client frames: REALTIME_LIMITS.frameBurst at most, refilled by the time passed. */
export type FrameBucket = { tokens: number; refilledAt: number };

export function fullFrameBucket(nowMs: number): FrameBucket {
  return { tokens: REALTIME_LIMITS.frameBurst, refilledAt: nowMs };
}

/** Whether a frame arriving at nowMs may be read; takes its token if so. */
export function takeFrameToken(bucket: FrameBucket, nowMs: number): boolean {
  const refill = (Math.max(0, nowMs - bucket.refilledAt) / 1000) * REALTIME_LIMITS.framesPerSecond;
  bucket.tokens = Math.min(REALTIME_LIMITS.frameBurst, bucket.tokens + refill);
  bucket.refilledAt = Math.max(bucket.refilledAt, nowMs);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/** What a socket's client frames have cost so far (the member's and the staff's sockets alike). */
export type FrameGuard = { frames: FrameBucket; dropped: number; invalid: number };

export const freshFrameGuard = (nowMs: number): FrameGuard => ({
  frames: fullFrameBucket(nowMs),
  dropped: 0,
  invalid: 0,
});

/**
 * Reads one client frame within the socket's allowance: the event, null for a frame left unread
 * (over the bucket, or not an event), or the close the socket has earned by too many of those.
 */
export function readClientFrame(
  guard: FrameGuard,
  data: unknown,
  isBinary: boolean,
  nowMs: number,
): ClientEvent | { close: number; reason: string } | null {
  // Every answer costs the event loop: a burst of thousands of pings held the health check for
  // most of a second. Beyond the bucket a frame is dropped unread, and a socket that keeps
  // sending them is a flood, not a tab.
  if (!takeFrameToken(guard.frames, nowMs)) {
    guard.dropped += 1;
    return guard.dropped >= REALTIME_LIMITS.droppedFramesBeforeClose
      ? { close: REALTIME_CLOSE.flooding, reason: 'too many frames' }
      : null;
  }
  const event = isBinary ? undefined : parseEvent(ClientEventSchema, String(data));
  if (event) return event;
  guard.invalid += 1;
  return guard.invalid >= MAX_INVALID_CLIENT_MESSAGES
    ? { close: REALTIME_CLOSE.tooManyInvalid, reason: 'too many invalid messages' }
    : null;
}

type Connection = {
  socket: WebSocket;
  userId: number;
  /** The cookie's token, to ask the session cache again when the account changes. */
  token: string;
  sessionId: string;
  expiresAt: Date;
  alive: boolean;
  guard: FrameGuard;
  /** Closed by the hub (replaced, flooding): frames still arriving are not read. */
  closing: boolean;
};

export type RealtimeHub = {
  /** Takes an upgraded socket of a member who has just been authenticated. */
  accept: (socket: WebSocket, session: ActiveSession, token: string) => void;
  /** Stops the heartbeat; the sockets themselves are closed by @fastify/websocket on app close. */
  stop: () => void;
};

type HubServices = Pick<AppServices, 'db' | 'bus' | 'sessions' | 'now' | 'log' | 'background'>;

/**
 * This instance's open sockets, by member. Every instance subscribes to the same channels and
 * delivers only to its own sockets, so an event published anywhere reaches every tab.
 */
export async function createRealtimeHub(services: HubServices, heartbeatMs: number): Promise<RealtimeHub> {
  const byUser = new Map<number, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();
  // Who is online lives in the database (presence.service.ts), a row per member and instance, so
  // every instance answers alike; this instance's rows carry its name.
  const instance = randomUUID();
  let stopped = false;
  // A member's presence writes of this instance, one after the other: a tab closed right after it
  // opened must not have its row deleted before it was written (the member would stay "online").
  const presenceQueue = new Map<number, Promise<void>>();
  function presence(userId: number, write: (now: Date) => Promise<void>) {
    if (stopped) return;
    const previous = presenceQueue.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => write(services.now()))
      .catch((err) => services.log.error({ err }, 'realtime: writing presence failed'));
    presenceQueue.set(userId, next);
    void services.background.track(next);
    void next.then(() => {
      if (presenceQueue.get(userId) === next) presenceQueue.delete(userId);
    });
  }

  /** Out of the registry at once, so the next count does not see it while its close handshake runs. */
  function forget(connection: Connection) {
    const ofUser = byUser.get(connection.userId);
    const wasHere = ofUser?.delete(connection) === true;
    if (ofUser?.size === 0) {
      byUser.delete(connection.userId);
      if (wasHere)
        presence(connection.userId, (now) => markOffline(services, instance, connection.userId, now));
    }
    const ofSession = bySession.get(connection.sessionId);
    ofSession?.delete(connection);
    if (ofSession?.size === 0) bySession.delete(connection.sessionId);
  }

  function closeByHub(connection: Connection, code: number, reason: string) {
    connection.closing = true;
    forget(connection);
    connection.socket.close(code, reason);
  }

  /** Sets are in insertion order: the first is the oldest. */
  function closeOldestBeyond(connections: Set<Connection> | undefined, limit: number) {
    if (!connections) return;
    while (connections.size > limit) {
      const oldest = connections.values().next().value as Connection;
      closeByHub(oldest, REALTIME_CLOSE.replaced, 'too many sockets');
    }
  }

  function send(connection: Connection, event: ServerEvent) {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(event));
  }

  function endSession(connection: Connection) {
    send(connection, { type: 'session_ended' });
    connection.socket.close(REALTIME_CLOSE.sessionEnded, 'session ended');
  }

  function deliver(userId: number, event: ServerEvent) {
    for (const connection of byUser.get(userId) ?? []) send(connection, event);
  }

  await services.bus.subscribe(realtimeMember, ({ userId, event }) => deliver(userId, event));

  // The event carries the balance its change committed: no read per message for the sender's tabs.
  await services.bus.subscribe(creditsChanged, ({ userId, balance }) =>
    deliver(userId, { type: 'credits', balance }),
  );

  // A logout elsewhere, a password reset, a deletion: the session cache has already dropped the
  // member (it subscribed first), so find() reads the session as it now is.
  function recheck(connection: Connection) {
    const found = services.sessions.find(connection.token, services.now());
    void services.background.track(found);
    found.then(
      (session) => {
        if (!session) endSession(connection);
        else connection.expiresAt = session.expiresAt;
      },
      (err) => services.log.error({ err }, 'realtime: re-checking a session failed'),
    );
  }
  await services.bus.subscribe(userChanged, (userId) => {
    for (const connection of byUser.get(userId) ?? []) recheck(connection);
  });

  // A socket whose peer vanished (sleep, lost network) sends no close: the missed pong finds it.
  // The sockets are spread over slots and one slot is visited per tick, so each socket is still
  // pinged once per heartbeatMs, but never all at once: pinging 10,000 sockets in one tick held the
  // event loop for about 100 ms every 25 s, and every message sent then waited for it
  // (docs/performance.md, the chat), and their pongs came back in one burst.
  const slotCount = Math.max(1, Math.min(HEARTBEAT_SLOTS, Math.floor(heartbeatMs / MIN_HEARTBEAT_TICK_MS)));
  const slots = Array.from({ length: slotCount }, () => new Set<Connection>());
  let nextSlot = 0;
  let joining = 0;
  const heartbeat = setInterval(() => {
    const now = services.now();
    const slot = slots[nextSlot] as Set<Connection>;
    nextSlot = (nextSlot + 1) % slotCount;
    for (const connection of slot) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      if (connection.expiresAt <= now) {
        endSession(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, heartbeatMs / slotCount);
  heartbeat.unref();

  // Stamps this instance's members again, so their rows stay fresh while their tabs stay open.
  const presenceRound = setInterval(() => {
    if (byUser.size === 0) return;
    void services.background.track(
      refreshPresence(services, instance, services.now()).catch((err) =>
        services.log.error({ err }, 'realtime: refreshing presence failed'),
      ),
    );
  }, PRESENCE.refreshMs);
  presenceRound.unref();

  function onMessage(connection: Connection, data: unknown, isBinary: boolean) {
    if (connection.closing) return;
    const read = readClientFrame(connection.guard, data, isBinary, services.now().getTime());
    if (read && 'close' in read) closeByHub(connection, read.close, read.reason);
    else if (read?.type === 'ping') send(connection, { type: 'pong' });
  }

  return {
    accept: (socket, session, token) => {
      const userId = session.user.id;
      const connection: Connection = {
        socket,
        userId,
        token,
        sessionId: session.id,
        expiresAt: session.expiresAt,
        alive: true,
        guard: freshFrameGuard(services.now().getTime()),
        closing: false,
      };
      const firstHere = !byUser.has(userId);
      const connections = byUser.get(userId) ?? new Set();
      connections.add(connection);
      byUser.set(userId, connections);
      const ofSession = bySession.get(session.id) ?? new Set();
      ofSession.add(connection);
      bySession.set(session.id, ofSession);
      // One session opening sockets without end (a script, a tab reloading in a loop) would hold
      // this instance's memory: the newest sockets stay, the oldest of the session, then of the
      // member, are closed with a code that tells their tab not to fight back.
      closeOldestBeyond(ofSession, REALTIME_LIMITS.socketsPerSession);
      closeOldestBeyond(connections, REALTIME_LIMITS.socketsPerMember);
      const slot = slots[joining++ % slotCount] as Set<Connection>;
      slot.add(connection);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data, isBinary) => onMessage(connection, data, isBinary));
      socket.on('close', () => {
        slot.delete(connection);
        forget(connection);
      });
      if (firstHere) presence(userId, (now) => markOnline(services, instance, userId, now));
      send(connection, { type: 'hello', userId });
      // A revocation heard between the upgrade's session check and now found no socket to close.
      recheck(connection);
    },
    stop: () => {
      // The sockets close after this (the app's close): their rows go stale and are read as
      // offline, rather than writing to a database that may be closing too.
      stopped = true;
      clearInterval(heartbeat);
      clearInterval(presenceRound);
    },
  };
}
