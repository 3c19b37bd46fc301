import type { Channel, EventBus } from '../../lib/event-bus.ts';
import { createPromiseCache } from '../../lib/promise-cache.ts';
import { memberVisibilityChanged } from '../auth/accounts.service.ts';
import { userChanged } from '../auth/sessions.service.ts';
import { blocksChanged } from '../blocks/blocks.service.ts';

/** A per-member count from memory: the new likes, the unread messages (GET /api/user.php's badges). */
export type MemberCountCache = {
  countOf: (memberId: number) => Promise<number>;
  /**
   * Forgets a count on this instance now. The change's own request calls it after its commit: the
   * notification that drops it everywhere arrives a moment later, and the member's next read (the
   * badge refreshed right after) must not get the old count in between.
   */
  forget: (memberId: number) => void;
};

/**
 * A count of what other members did to a member, kept because every open tab polls user.php. It is
 * forgotten on every instance by the feature's own `changed` channel (the member's id), by a block
 * or unblock between two members (either one's count), by a change to the member's account, and
 * wholesale when any member turns invisible or leaves (it changes the counts of everyone they
 * touched, and which ones is not known; rare). The TTL bounds anything else.
 */
export async function createMemberCountCache(
  bus: Pick<EventBus, 'subscribe'>,
  options: { changed: Channel<number>; count: (memberId: number) => Promise<number>; ttlMs?: number },
): Promise<MemberCountCache> {
  const cache = createPromiseCache<number>({ ttlMs: options.ttlMs ?? 30_000, maxEntries: 100_000 });
  const forget = (memberId: number) => cache.forget(String(memberId));
  await bus.subscribe(options.changed, forget);
  await bus.subscribe(blocksChanged, ({ blockerId, blockedId }) => {
    forget(blockerId);
    forget(blockedId);
  });
  await bus.subscribe(userChanged, forget);
  await bus.subscribe(memberVisibilityChanged, () => cache.clear());
  return { countOf: (memberId) => cache.get(String(memberId), () => options.count(memberId)), forget };
}
