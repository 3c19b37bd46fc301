import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { blocks, users } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';

export const cannotBlockSelf = () => new AppError('cannot_block_self', 400, 'You cannot block yourself');

/**
 * Blocks a member; blocking twice is the same as blocking once. Any existing account can be blocked,
 * also one that went invisible since (a chat partner must stay blockable).
 */
export async function blockMember(db: Database, blockerId: number, blockedId: number): Promise<void> {
  if (blockerId === blockedId) throw cannotBlockSelf();
  const inserted = await db.execute(sql`
    insert into ${blocks} (blocker_id, blocked_id)
    select ${blockerId}, ${users.id} from ${users}
    where ${users.id} = ${blockedId} and ${users.deletedAt} is null
    on conflict do nothing
    returning blocked_id`);
  if (inserted.rows.length > 0) return;
  // Nothing inserted: either the block exists already (fine) or there is nobody to block.
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, blockedId), isNull(users.deletedAt)));
  if (!target) throw new AppError('member_not_found', 404, 'Member not found');
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
