import { useCallback, useReducer, useRef } from 'react';
import { useStaffPoll } from '../admin/use-staff-poll.ts';

/**
 * A moderation queue, first as the page's loader rendered it, then as it is read again when the
 * back office's socket says it changed (so what another moderator decided leaves this list by
 * itself). Items decided here are left out of every later answer, also of a read that started
 * before the decision (it would show the item again until the next read).
 */
export function useLiveQueue<Q, I extends { id: number }>(
  initial: Q,
  path: `/api/admin/${string}`,
  itemsOf: (queue: Q) => I[],
) {
  const { data: queue, refresh } = useStaffPoll({ path, initial });
  const decided = useRef(new Set<number>());
  const [, rerender] = useReducer((count: number) => count + 1, 0);

  const markDecided = useCallback((id: number) => {
    decided.current.add(id);
    rerender();
  }, []);

  const items = itemsOf(queue).filter((item) => !decided.current.has(item.id));
  return { queue, items, markDecided, refresh };
}
