import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/client.ts';
import { blocks, conversations, users } from '../../db/schema/index.ts';
import { defineChannel, event, publishAll } from '../../lib/event-bus.ts';
import { authorize } from '../../policy/policy.ts';
import { memberNotFound } from '../../policy/refusals.ts';
import type { BlockRelation, MemberFacts } from '../../policy/rules/members.rules.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { memberEvent } from '../realtime/realtime.service.ts';

/**
 * The member to block as the block rule needs them (policy/rules/members.rules.ts): whether others
 * may see them and the blocks between the two, in one primary-key read.
 */
async function findBlockTarget(
  db: Database,
  blockerId: number,
  blockedId: number,
): Promise<MemberFacts | undefined> {
  const [row] = await db
    .select({
      visible: sql<boolean>`coalesce(${visibleMemberCondition}, false)`,
      viewerBlocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${users.id})`,
      blockedViewer: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${blockerId})`,
    })
    .from(users)
    .where(eq(users.id, blockedId));
  if (!row) return undefined;
  const { visible, ...relation } = row;
  return { id: blockedId, visible, relation };
}

/**
 * A block was placed or lifted (delivered on commit, on every instance): what either member sees of
 * the other changes, so counts and caches that hold one of them drop it (the new-likes count).
 */
export const blocksChanged = defineChannel(
  'blocks_changed',
  z.object({ blockerId: z.number().int(), blockedId: z.number().int() }),
);

/**
 * A block placed or lifted, in its transaction: the caches hear it (blocksChanged), and so do the
 * two members' open tabs where they have a conversation (partner_changed): it reads itself again,
 * gone for the member blocked, offering the blocker to lift the block; their lists too.
 */
async function announceBlockChange(tx: Queryable, blockerId: number, blockedId: number): Promise<void> {
  const [conversation] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.memberLow, Math.min(blockerId, blockedId)),
        eq(conversations.memberHigh, Math.max(blockerId, blockedId)),
      ),
    );
  await publishAll(tx, [
    event(blocksChanged, { blockerId, blockedId }),
    ...(conversation
      ? [blockerId, blockedId].map((id) =>
          memberEvent(id, { type: 'partner_changed', conversation: { id: conversation.id } }),
        )
      : []),
  ]);
}

/** Blocks a member; blocking twice is the same as blocking once. */
export async function blockMember(db: Database, blocker: MemberViewer, blockedId: number): Promise<void> {
  const target = await findBlockTarget(db, blocker.id, blockedId);
  if (!target) throw memberNotFound();
  authorize(blocker, 'member.block', target);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(blocks)
      .values({ blockerId: blocker.id, blockedId })
      .onConflictDoNothing()
      .returning({ blockedId: blocks.blockedId });
    if (inserted.length > 0) await announceBlockChange(tx, blocker.id, blockedId);
  });
}

/** Lifts a block; lifting one that does not exist is not an error. */
export async function unblockMember(db: Database, blocker: MemberViewer, blockedId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(blocks)
      .where(and(eq(blocks.blockerId, blocker.id), eq(blocks.blockedId, blockedId)))
      .returning({ blockedId: blocks.blockedId });
    if (deleted.length > 0) await announceBlockChange(tx, blocker.id, blockedId);
  });
}

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

/**
 * Every block between the viewer and anyone, by the other member's id: for a short shared list
 * (the home highlights) that is filtered per viewer rather than read per viewer.
 */
export async function findBlockRelations(
  db: Database,
  viewerId: number,
): Promise<Map<number, BlockRelation>> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, viewerId)));
  const relations = new Map<number, BlockRelation>();
  for (const row of rows) {
    const otherId = row.blockerId === viewerId ? row.blockedId : row.blockerId;
    const relation = relations.get(otherId) ?? { viewerBlocked: false, blockedViewer: false };
    if (row.blockerId === viewerId) relation.viewerBlocked = true;
    else relation.blockedViewer = true;
    relations.set(otherId, relation);
  }
  return relations;
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
