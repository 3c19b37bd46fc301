import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { conversations, landingFreeMessages } from '../../db/schema/index.ts';
import { isMemberVisible } from '../members/members.visibility.ts';

/**
 * The landing flow's free messages: a visitor who signs up on a member's entry page may write to
 * that member a few times for nothing (the domain's landing_free_messages setting). The chat owns
 * them because its one send spends them, in the same statement that stores the message
 * (chat.send.ts); the sign-up only asks for them here, in its own transaction.
 */

/**
 * Gives a new member `count` free texts to the member their entry page showed, in the sign-up's
 * transaction. Only for a partner the new member may see (one hidden, being deleted or gone since
 * the page was shown gets none): a grant to someone nobody can write to would only be a promise
 * the composer cannot keep. Answers how many were given.
 */
export async function grantLandingFreeMessages(
  tx: Tx,
  grant: { memberId: number; partnerId: number; count: number },
): Promise<number> {
  if (grant.count <= 0 || grant.memberId === grant.partnerId) return 0;
  if (!(await isMemberVisible(tx, grant.partnerId))) return 0;
  await tx
    .insert(landingFreeMessages)
    .values({ memberId: grant.memberId, partnerId: grant.partnerId, remaining: grant.count })
    .onConflictDoNothing();
  return grant.count;
}

/** The free texts the member has left to the partner of one of their conversations (0 without a grant). */
export async function landingFreeMessagesLeft(
  db: Queryable,
  memberId: number,
  conversationId: number,
): Promise<number> {
  const [row] = await db
    .select({ remaining: landingFreeMessages.remaining })
    .from(landingFreeMessages)
    .innerJoin(conversations, eq(conversations.id, conversationId))
    .where(
      and(
        eq(landingFreeMessages.memberId, memberId),
        eq(
          landingFreeMessages.partnerId,
          sql`case when ${conversations.memberLow} = ${memberId} then ${conversations.memberHigh} else ${conversations.memberLow} end`,
        ),
      ),
    );
  return row?.remaining ?? 0;
}

/** An erased member's grants, given and received, go with the account. */
export async function eraseLandingFreeMessagesOf(tx: Tx, userId: number): Promise<void> {
  await tx
    .delete(landingFreeMessages)
    .where(sql`${landingFreeMessages.memberId} = ${userId} or ${landingFreeMessages.partnerId} = ${userId}`);
}
