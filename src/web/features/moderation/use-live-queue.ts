import { useCallback, useState } from 'react';
import { useStaffPoll } from '../admin/use-staff-poll.ts';

/**
 * A moderation queue, first as the page's loader rendered it, then as it is read again when the
 * back office's socket says it changed (so what another moderator decided leaves this list by
 * itself). Items decided here are left out of every later answer, also of a read that started
 * before the decision (it would show the item again until the next read).
 */
export function useLiveQueue<Q extends { total: number }, I extends { id: number }>(
  initial: Q,
  path: `/api/admin/${string}`,
  itemsOf: (queue: Q) => I[],
) {
  const { data: queue } = useStaffPoll({ path, initial });
  const [decided, setDecided] = useState<ReadonlySet<number>>(() => new Set());

  const markDecided = useCallback((id: number) => setDecided((ids) => new Set(ids).add(id)), []);

  const listed = itemsOf(queue);
  const items = listed.filter((item) => !decided.has(item.id));
  // The queue's count less what was decided here but is still in its last answer: the count of
  // the next read, shown before it (never fewer than the items on the screen).
  const total = Math.max(items.length, queue.total - (listed.length - items.length));
  return { queue, items, total, markDecided };
}
