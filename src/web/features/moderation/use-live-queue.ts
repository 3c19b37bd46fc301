import { useCallback, useEffect, useRef, useState } from 'react';
import { adminRequest } from '../admin/admin-api.ts';

/**
 * Staff have no real-time socket: a queue is read again this often while its tab is visible (and
 * at once when it becomes visible), so what another moderator decided leaves this list by itself.
 */
export const QUEUE_REFRESH_MS = 5000;

/**
 * A moderation queue, first as the page's loader rendered it, then as the polls read it. Items
 * decided here are left out of every later answer, also of a read that started before the decision
 * (it would show the item again for one poll).
 */
export function useLiveQueue<Q, I extends { id: number }>(
  initial: Q,
  path: `/api/admin/${string}`,
  itemsOf: (queue: Q) => I[],
) {
  const [queue, setQueue] = useState(initial);
  const decided = useRef(new Set<number>());
  const itemsRef = useRef(itemsOf);
  itemsRef.current = itemsOf;

  // A navigation back to the page brings new loader data: it replaces what the polls had.
  useEffect(() => setQueue(initial), [initial]);

  const refresh = useCallback(async () => {
    try {
      setQueue(await adminRequest<Q>(path));
    } catch {
      // A lost poll changes nothing on the screen; the next one tries again.
    }
  }, [path]);

  useEffect(() => {
    const poll = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const timer = setInterval(poll, QUEUE_REFRESH_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [refresh]);

  const markDecided = useCallback((id: number) => {
    decided.current.add(id);
    setQueue((current) => ({ ...current }));
  }, []);

  const items = itemsRef.current(queue).filter((item) => !decided.current.has(item.id));
  return { queue, items, markDecided, refresh };
}
