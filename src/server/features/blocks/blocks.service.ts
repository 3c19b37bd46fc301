import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { blocks, users } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { memberNotFound, visibleMemberCondition } from '../members/members.visibility.ts';

export const cannotBlockSelf = () => new AppError('cannot_block_self', 400, 'You cannot block yourself');

/**
 * Who may block whom, in one place: a member the blocker may see (visibleMemberCondition), and one
 * they already blocked, so blocking again stays idempotent after the member went invisible. Anyone
 * else (invisible, pending deletion, not confirmed, disabled, erased, unknown) is refused with the
 * very answer of an unknown id, so the call cannot tell hidden members from missing ones.
 * Extend it here: a chat partner stays blockable (the chat issue).
 */
export async function mayBlock(db: Database, blockerId: number, blockedId: number): Promise<boolean> {
  const [row] = await db
    .select({
      visible: sql<boolean>`coalesce(${visibleMemberCondition}, false)`,
      blocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, blockedId));
  return row !== undefined && (row.visible || row.blocked);
}

/** Blocks a member; blocking twice is the same as blocking once. */
export async function blockMember(db: Database, blockerId: number, blockedId: number): Promise<void> {
  if (blockerId === blockedId) throw cannotBlockSelf();
  if (!(await mayBlock(db, blockerId, blockedId))) throw memberNotFound();
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Lifts a block; lifting one that does not exist is not an error. */
export async function unblockMember(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export type BlockRelation = { viewerBlocked: boolean; blockedViewer: boolean };

/** Who blocked whom between a viewer and a member, in one primary-key read. */
export async function findBlockRelation(
  db: Database,
  viewerId: number,
  memberId: number,
): Promise<BlockRelation> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, memberId)),
        and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, viewerId)),
      ),
    );
  return {
    viewerBlocked: rows.some((r) => r.blockerId === viewerId),
    blockedViewer: rows.some((r) => r.blockerId === memberId),
  };
}

/** Whether either member blocked the other: such members never see or reach each other (search, profile, chat). */
export async function isBlockedEitherWay(db: Database, a: number, b: number): Promise<boolean> {
  const relation = await findBlockRelation(db, a, b);
  return relation.viewerBlocked || relation.blockedViewer;
}

/**
 * A condition for list queries: the member in `memberId` did not block the viewer and was not
 * blocked by them. NOT IN over the viewer's few blocks runs once per query as a hashed subplan, so a
 * keyset page stays one walk of its index (and the planner has no extra joins to weigh).
 */
export function notBlockedEitherWay(viewerId: number, memberId: AnyPgColumn): SQL {
  return sql`${memberId} not in (${blockedEitherWayIds(viewerId)})`;
}

/** The ids the viewer blocked or was blocked by (a handful of rows), as a subquery body. */
export function blockedEitherWayIds(viewerId: number): SQL {
  return sql`select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}`;
}

/** The member's blocks both ways, for the erasure of an account (the stub keeps no relations). */
export async function removeBlocksOf(db: Pick<Database, 'delete'>, userId: number): Promise<void> {
  await db.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
}
