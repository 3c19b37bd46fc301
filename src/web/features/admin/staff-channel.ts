import {
  STAFF_REALTIME_PATH,
  type StaffServerEvent,
  StaffServerEventSchema,
} from '../../../shared/realtime/staff-events.ts';
import { connectEvents, type RealtimeClient, realtimeUrl } from '../../lib/realtime.ts';

let shared: { client: RealtimeClient<StaffServerEvent>; users: number } | undefined;

/**
 * The back office's socket, one per tab however many live lists the page shows: opened by the
 * first list that joins, closed when the last one leaves. A socket stopped for good (the session
 * ended) is opened again by the next list that joins, after a new login.
 */
export function joinStaffChannel(): { client: RealtimeClient<StaffServerEvent>; leave: () => void } {
  if (!shared || shared.client.state() === 'stopped')
    shared = {
      client: connectEvents(StaffServerEventSchema, {
        url: realtimeUrl(window.location, STAFF_REALTIME_PATH),
      }),
      users: 0,
    };
  const joined = shared;
  joined.users += 1;
  let left = false;
  return {
    client: joined.client,
    leave: () => {
      if (left) return;
      left = true;
      joined.users -= 1;
      if (joined.users > 0) return;
      joined.client.stop();
      if (shared === joined) shared = undefined;
    },
  };
}
