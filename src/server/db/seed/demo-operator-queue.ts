import type { Database } from '../client.ts';
import { conversationMembers, conversations, messages } from '../schema/index.ts';
import { demoCast, otherGender } from './demo-logins.ts';

/** Fictional profiles with members waiting, and how many members write to each. */
const PROFILES = 4;
const WRITERS = 3;
const MINUTE_MS = 60_000;

const OPENERS = [
  'Hoi! Je profiel sprak me meteen aan. Hoe is je week?',
  'Hallo, ik zag dat je ook van wandelen houdt. Waar loop je het liefst?',
  'Goedemiddag! Zin om een keer koffie te drinken?',
  'Hey, leuke foto’s! Waar is die bij het water genomen?',
];

/**
 * Conversations waiting for a fictional profile's answer, so the operators' queue has work at once:
 * a few demo members (never the README's logins) wrote a first line to a few fictional demo
 * profiles, minutes apart (the queue shows the waits, oldest first). Written as the chat stores a
 * first message; a pair that has a conversation is left alone, so a second seed adds nothing and
 * an answered one is not brought back. Run after seedDemoLikes (which makes profiles fictional).
 */
export async function seedDemoOperatorQueue(db: Database, now = new Date()): Promise<number> {
  const fictional = await demoCast(db, { fictional: true }, PROFILES);
  let created = 0;
  for (const [p, profile] of fictional.entries()) {
    const writers = await demoCast(
      db,
      { fictional: false, gender: otherGender(profile.gender) },
      WRITERS + p * WRITERS,
    );
    for (const [w, writer] of writers.slice(p * WRITERS).entries()) {
      if (writer.id === profile.id) continue;
      const at = new Date(now.getTime() - (PROFILES * WRITERS - (p * WRITERS + w)) * 7 * MINUTE_MS);
      await db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(conversations)
          .values({
            memberLow: Math.min(writer.id, profile.id),
            memberHigh: Math.max(writer.id, profile.id),
            startedBy: writer.id,
            createdAt: at,
            lastMessageAt: at,
            lastSeq: 1,
            awaitingReplySince: at,
            operatedMemberId: profile.id,
          })
          .onConflictDoNothing()
          .returning({ id: conversations.id });
        if (!conversation) return;
        await tx.insert(messages).values({
          conversationId: conversation.id,
          seq: 1,
          senderId: writer.id,
          body: OPENERS[(p + w) % OPENERS.length] ?? '',
          clientId: crypto.randomUUID(),
          createdAt: at,
        });
        await tx.insert(conversationMembers).values([
          { conversationId: conversation.id, memberId: writer.id, lastReadSeq: 1, unread: 0 },
          { conversationId: conversation.id, memberId: profile.id, lastReadSeq: 0, unread: 1 },
        ]);
        created += 1;
      });
    }
  }
  return created;
}
