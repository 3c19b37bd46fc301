import type { WebSocket } from 'ws';
import { REALTIME_CLOSE } from '../../../shared/realtime/events.ts';
import type { StaffServerEvent } from '../../../shared/realtime/staff-events.ts';
import { can } from '../../policy/policy.ts';
import type { StaffViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { type StaffSession, staffChanged, standingOfStaffSession } from '../staff/staff-sessions.service.ts';
import { type FrameGuard, freshFrameGuard, readClientFrame } from './realtime.hub.ts';
import { STAFF_LIST_RIGHTS, staffListChanged } from './staff-lists.ts';

type StaffConnection = {
  socket: WebSocket;
  sessionId: string;
  /** The person's roles as their session last read them: which lists' events they hear. */
  viewer: StaffViewer;
  /** When the session ends unless a request of theirs moves its idle end on (asked again then). */
  endsAt: Date;
  alive: boolean;
  guard: FrameGuard;
  closing: boolean;
};

export type StaffHub = {
  /** Takes an upgraded socket of a staff person whose complete session was just found. */
  accept: (socket: WebSocket, session: StaffSession) => void;
  stop: () => void;
};

type StaffHubServices = Pick<AppServices, 'db' | 'bus' | 'now' | 'log' | 'background'>;

/**
 * This instance's back-office sockets, by staff person: the member hub's bus, frames and close
 * codes, but its own registry, since a staff socket is keyed by a staff session, hears by rights
 * and keeps no presence (docs/decisions/0046). Staff are few: one heartbeat visits them all.
 */
export async function createStaffHub(services: StaffHubServices, heartbeatMs: number): Promise<StaffHub> {
  const byStaff = new Map<number, Set<StaffConnection>>();

  function forget(connection: StaffConnection) {
    const ofStaff = byStaff.get(connection.viewer.id);
    ofStaff?.delete(connection);
    if (ofStaff?.size === 0) byStaff.delete(connection.viewer.id);
  }

  function closeByHub(connection: StaffConnection, code: number, reason: string) {
    connection.closing = true;
    forget(connection);
    connection.socket.close(code, reason);
  }

  function send(connection: StaffConnection, event: StaffServerEvent) {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(event));
  }

  function endSession(connection: StaffConnection) {
    send(connection, { type: 'session_ended' });
    closeByHub(connection, REALTIME_CLOSE.sessionEnded, 'session ended');
  }

  /** Reads the session again without touching it: ended (idle, absolute, revoked, disabled) closes. */
  function recheck(connection: StaffConnection) {
    const standing = standingOfStaffSession(services.db, connection.sessionId, services.now());
    void services.background.track(standing);
    standing.then(
      (found) => {
        if (connection.closing) return;
        if (!found) return endSession(connection);
        connection.endsAt = found.endsAt;
        connection.viewer = { ...connection.viewer, roles: found.roles };
      },
      (err) => services.log.error({ err }, 'realtime: re-checking a staff session failed'),
    );
  }

  await services.bus.subscribe(staffListChanged, (change) => {
    const right = STAFF_LIST_RIGHTS[change.list];
    for (const connections of byStaff.values())
      for (const connection of connections)
        if (can(connection.viewer, right)) send(connection, { type: 'list_changed', change });
  });

  await services.bus.subscribe(staffChanged, (staffId) => {
    for (const connection of byStaff.get(staffId) ?? []) recheck(connection);
  });

  const heartbeat = setInterval(() => {
    const now = services.now();
    for (const connections of byStaff.values())
      for (const connection of connections) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        // Past the end it knew: a request since may have moved it on, so the database decides.
        if (connection.endsAt <= now) recheck(connection);
        connection.alive = false;
        connection.socket.ping();
      }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    accept: (socket, session) => {
      const connection: StaffConnection = {
        socket,
        sessionId: session.id,
        viewer: { kind: 'staff', id: session.staff.id, roles: session.staff.roles },
        // Asked at once below; until then the next heartbeat asks too.
        endsAt: services.now(),
        alive: true,
        guard: freshFrameGuard(services.now().getTime()),
        closing: false,
      };
      const connections = byStaff.get(connection.viewer.id) ?? new Set();
      connections.add(connection);
      byStaff.set(connection.viewer.id, connections);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        if (connection.closing) return;
        const read = readClientFrame(connection.guard, data, isBinary, services.now().getTime());
        if (read && 'close' in read) closeByHub(connection, read.close, read.reason);
        else if (read?.type === 'ping') send(connection, { type: 'pong' });
      });
      socket.on('close', () => forget(connection));
      send(connection, { type: 'hello', staffId: connection.viewer.id });
      // A logout or a disabling heard between the upgrade's session check and now found no socket.
      recheck(connection);
    },
    stop: () => clearInterval(heartbeat),
  };
}
