import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { textChanges } from '../../db/schema/index.ts';
import { tellStaffLists } from '../realtime/staff-lists.ts';

/*
 * The queue of changed texts, written by the feature that publishes the text (profile), in its
 * transaction. Its own module, apart from moderation.service.ts, so that the profile feature can
 * record a change while moderation calls the profile feature to put a text back.
 */

export type TextField = 'name' | 'about_me';

/**
 * Records a published change of a member's text. While an earlier change of the same field still
 * waits, that one takes the new text and keeps its `before` (the last text a moderator saw or the
 * member had before): one entry per member and field, and a rejection goes back to that text.
 */
export async function recordTextChange(
  tx: Queryable,
  change: { userId: number; field: TextField; before: string | null; after: string | null; now: Date },
) {
  if (change.before === change.after) return;
  const [waiting] = await tx
    .update(textChanges)
    .set({ after: change.after, createdAt: change.now })
    .where(
      and(
        eq(textChanges.userId, change.userId),
        eq(textChanges.field, change.field),
        eq(textChanges.status, 'pending'),
      ),
    )
    .returning({ id: textChanges.id, before: textChanges.before });
  if (waiting) {
    // Back to what it was before: nothing left to check.
    const gone = waiting.before === change.after;
    if (gone) await tx.delete(textChanges).where(eq(textChanges.id, waiting.id));
    await tellStaffLists(tx, { list: 'moderation_texts', kind: gone ? 'left' : 'entered', id: waiting.id });
    return;
  }
  const [inserted] = await tx
    .insert(textChanges)
    .values({
      userId: change.userId,
      field: change.field,
      before: change.before,
      after: change.after,
      createdAt: change.now,
    })
    .returning({ id: textChanges.id });
  if (inserted) await tellStaffLists(tx, { list: 'moderation_texts', kind: 'entered', id: inserted.id });
}
