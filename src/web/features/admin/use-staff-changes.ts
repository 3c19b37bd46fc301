import { useCallback, useEffect, useRef } from 'react';
import type { StaffListChange, StaffServerEvent } from '../../../shared/realtime/staff-events.ts';
import type { RealtimeClient } from '../../lib/realtime.ts';
import { joinStaffChannel } from './staff-channel.ts';

/** Events close together (a batch of sends, a moderator deciding fast) make one read. */
export const STAFF_EVENT_DEBOUNCE_MS = 250;

/**
 * What a back-office page shows is read again when the back office's socket says it changed:
 * `onChange` runs after the changes that `matches` picks (the events name a list and an id, never
 * the rows: the page reads through the API, which asks the rights), once for changes close
 * together, and each time the socket opens, the first time too (what changed while it was down,
 * or before it opened, was never told). The page's one socket is shared (staff-channel.ts).
 * `isLive` says whether the socket is open now, for a page that falls back to reading on a clock.
 * Both functions are read through refs: a new one is no new socket.
 */
export function useStaffChanges(
  matches: (change: StaffListChange) => boolean,
  onChange: () => void,
): { isLive: () => boolean } {
  const matchesRef = useRef(matches);
  matchesRef.current = matches;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const clientRef = useRef<Pick<RealtimeClient<StaffServerEvent>, 'state'> | null>(null);

  useEffect(() => {
    const { client, leave } = joinStaffChannel();
    clientRef.current = client;
    const changed = () => onChangeRef.current();
    let soon: ReturnType<typeof setTimeout> | undefined;
    const offChange = client.on('list_changed', ({ change }) => {
      if (!matchesRef.current(change)) return;
      clearTimeout(soon);
      soon = setTimeout(changed, STAFF_EVENT_DEBOUNCE_MS);
    });
    const offState = client.onState((state) => {
      if (state === 'open') changed();
    });
    return () => {
      clearTimeout(soon);
      offChange();
      offState();
      leave();
      clientRef.current = null;
    };
  }, []);

  const isLive = useCallback(() => clientRef.current?.state() === 'open', []);
  return { isLive };
}
