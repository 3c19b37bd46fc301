import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { defineStartedState } from '../../feature.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { createPromiseCache } from '../../lib/promise-cache.ts';
import { userChanged } from '../auth/sessions.service.ts';

/**
 * Members that anybody may see: active (so confirmed, not disabled or erased), visible, not being
 * deleted. A member outside it answers every other member and visitor like an unknown id: the
 * policy's rules read it as the `visible` fact (policy/rules/members.rules.ts).
 */
export const visibleMemberCondition = and(
  eq(users.status, 'active'),
  eq(users.invisible, false),
  isNull(users.deletedAt),
  // Hidden by a moderator (a report's outcome).
  isNull(users.hiddenAt),
);

export async function isMemberVisible(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), visibleMemberCondition));
  return rows.length > 0;
}

export type MemberVisibilityCache = {
  /** isMemberVisible from memory: the media route asks it for every image it serves. */
  isVisible: (userId: number) => Promise<boolean>;
};

/**
 * A notification drops a member at once on every instance; the TTL only bounds what a lost
 * notification, or a change made behind the services' back, could cost.
 */
const MEMBER_VISIBILITY_TTL_MS = 30_000;

async function createMemberVisibilityCache(
  db: Database,
  bus: Pick<EventBus, 'subscribe'>,
): Promise<MemberVisibilityCache> {
  // Owner ids come from request paths: bounded like every cache fed by requests.
  const cache = createPromiseCache<boolean>({ ttlMs: MEMBER_VISIBILITY_TTL_MS, maxEntries: 100_000 });
  // Every change to an account (status, deletion, reactivation, the invisible switch).
  await bus.subscribe(userChanged, (userId) => cache.forget(String(userId)));
  return {
    isVisible: (userId) => cache.get(String(userId), () => isMemberVisible(db, userId)),
  };
}

/** Whether others may see a member, for every media file served: `services.state.of(memberVisibilityState)`. */
export const memberVisibilityState = defineStartedState('members.visibility', ({ db, bus }) =>
  createMemberVisibilityCache(db, bus),
);
