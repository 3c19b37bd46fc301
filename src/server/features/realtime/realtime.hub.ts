import type { WebSocket } from 'ws';
import {
  ClientEventSchema,
  parseEvent,
  REALTIME_CLOSE,
  type ServerEvent,
} from '../../../shared/realtime/events.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { userChanged } from '../auth/sessions.service.ts';
import { creditsChanged } from '../credits/credits.service.ts';
import { realtimeMember } from './realtime.service.ts';

/** The heartbeat visits its sockets in this many slots, one per tick (at most; a tick is ≥ 50 ms). */
const HEARTBEAT_SLOTS = 100;
const MIN_HEARTBEAT_TICK_MS = 50;

/** Client messages that do not parse are ignored; this many on one socket closes it (a broken or hostile client). */
export const MAX_INVALID_CLIENT_MESSAGES = 10;

type Connection = {
  socket: WebSocket;
  userId: number;
  /** The cookie's token, to ask the session cache again when the account changes. */
  token: string;
  expiresAt: Date;
  alive: boolean;
  invalid: number;
};

export type RealtimeHub = {
  /** Takes an upgraded socket of a member who has just been authenticated. */
  accept: (socket: WebSocket, session: ActiveSession, token: string) => void;
  /** Stops the heartbeat; the sockets themselves are closed by @fastify/websocket on app close. */
  stop: () => void;
};

type HubServices = Pick<AppServices, 'bus' | 'sessions' | 'now' | 'log' | 'background'>;

/**
 * This instance's open sockets, by member. Every instance subscribes to the same channels and
 * delivers only to its own sockets, so an event published anywhere reaches every tab.
 */
export async function createRealtimeHub(services: HubServices, heartbeatMs: number): Promise<RealtimeHub> {
  const byUser = new Map<number, Set<Connection>>();

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

  function onMessage(connection: Connection, data: unknown, isBinary: boolean) {
    const event = isBinary ? undefined : parseEvent(ClientEventSchema, String(data));
    if (!event) {
      connection.invalid += 1;
      if (connection.invalid >= MAX_INVALID_CLIENT_MESSAGES)
        connection.socket.close(REALTIME_CLOSE.tooManyInvalid, 'too many invalid messages');
      return;
    }
    switch (event.type) {
      case 'ping':
        send(connection, { type: 'pong' });
        break;
    }
  }

  return {
    accept: (socket, session, token) => {
      const userId = session.user.id;
      const connection: Connection = {
        socket,
        userId,
        token,
        expiresAt: session.expiresAt,
        alive: true,
        invalid: 0,
      };
      const connections = byUser.get(userId) ?? new Set();
      connections.add(connection);
      byUser.set(userId, connections);
      const slot = slots[joining++ % slotCount] as Set<Connection>;
      slot.add(connection);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data, isBinary) => onMessage(connection, data, isBinary));
      socket.on('close', () => {
        slot.delete(connection);
        connections.delete(connection);
        if (connections.size === 0 && byUser.get(userId) === connections) byUser.delete(userId);
      });
      send(connection, { type: 'hello', userId });
      // A revocation heard between the upgrade's session check and now found no socket to close.
      recheck(connection);
    },
    stop: () => clearInterval(heartbeat),
  };
}
