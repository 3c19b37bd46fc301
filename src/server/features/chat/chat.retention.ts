import { and, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../../shared/limits.ts';
import type { Queryable } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { defineJob } from '../../lib/jobs.ts';

/** Messages sent before this are past retention: never sent to a client again. */
export const retentionCutoff = sql`now() - make_interval(days => ${LIMITS.chatRetentionDays})`;

/** Within retention (an SQL condition on the messages row in scope). */
export const withinRetention = sql`${messages.createdAt} >= ${retentionCutoff}`;

/** Rows a purge blanks per statement: short transactions, however much waited. */
const PURGE_BATCH = 5_000;

/**
 * Every night: the content of messages past retention goes (the text or note, the image's link;
 * the image itself is removed by the chat images' sweep once no message points at it). The row
 * stays as a stub, so seqs keep their order and the spend log keeps each message's price
 * (docs/decisions/0027).
 */
export const CHAT_RETENTION_JOB = defineJob({
  name: 'chat-retention',
  payload: z.object({}),
  cron: '17 3 * * *',
  maxAttempts: 3,
});

export async function purgeExpiredMessages(db: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS.chatRetentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const batch = db
      .select({ id: messages.id })
      .from(messages)
      .where(and(lt(messages.createdAt, cutoff), or(ne(messages.body, ''), isNotNull(messages.imageId))))
      .limit(PURGE_BATCH);
    const done = await db
      .update(messages)
      .set({ body: '', imageId: null })
      .where(sql`${messages.id} in ${batch}`)
      .returning({ id: messages.id });
    purged += done.length;
    if (done.length < PURGE_BATCH) return purged;
  }
}
