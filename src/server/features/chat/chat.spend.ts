import { and, eq, gt, sql } from 'drizzle-orm';
import type { MessageKind } from '../../../shared/contracts/chat.ts';
import type { Queryable } from '../../db/client.ts';
import { conversationMembers, messages } from '../../db/schema/index.ts';
import { conversationNotFound } from '../../policy/refusals.ts';
import type { MemberViewer } from '../../policy/viewer.ts';

export type ConversationSpend = {
  total: number;
  byKind: { kind: MessageKind; count: number; credits: number }[];
  /** The caller's first and last paid message here (null before any). */
  firstAt: Date | null;
  lastAt: Date | null;
};

/**
 * What the caller spent in one of their conversations, per kind of message. Counted from the
 * messages themselves (each carries what it cost its sender), so it survives retention: old
 * messages lose their content, never their price.
 */
export async function conversationSpend(
  db: Queryable,
  viewer: MemberViewer,
  conversationId: number,
): Promise<ConversationSpend> {
  const [member] = await db
    .select({ id: conversationMembers.memberId })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.memberId, viewer.id),
      ),
    );
  if (!member) throw conversationNotFound();
  const rows = await db
    .select({
      kind: messages.kind,
      count: sql<number>`count(*)::int`,
      credits: sql<number>`sum(${messages.credits})::int`,
      firstAt: sql<string>`min(${messages.createdAt})`,
      lastAt: sql<string>`max(${messages.createdAt})`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, viewer.id),
        gt(messages.credits, 0),
      ),
    )
    .groupBy(messages.kind);
  const order: MessageKind[] = ['text', 'gift', 'image'];
  rows.sort((x, y) => order.indexOf(x.kind) - order.indexOf(y.kind));
  const dates = rows.flatMap((r) => [new Date(r.firstAt), new Date(r.lastAt)]).map((d) => d.getTime());
  return {
    total: rows.reduce((sum, r) => sum + r.credits, 0),
    byKind: rows.map(({ kind, count, credits }) => ({ kind, count, credits })),
    firstAt: dates.length ? new Date(Math.min(...dates)) : null,
    lastAt: dates.length ? new Date(Math.max(...dates)) : null,
  };
}
