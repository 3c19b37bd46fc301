import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChatImageSize } from '../../../shared/contracts/chat.ts';
import type { Queryable } from '../../db/client.ts';
import {
  chatImages,
  conversations,
  gifts,
  messages,
  operatorNotes,
  photos,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { notFound } from '../../plugins/errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import type { StaffViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { chatImageFileKey, chatImageTag } from '../chat/chat-images.keys.ts';
import { balanceOf } from '../credits/credits.service.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import { type AuditActor, writeAudit } from '../staff/staff-audit.service.ts';
import { liveClaimOf, pairOf } from './operators.service.ts';

/** A whole history is read at once; past this many messages the oldest are left out. */
const HISTORY_MAX = 1000;

async function personOf(db: Queryable, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      language: users.language,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
      city: profiles.city,
      country: profiles.country,
      about: profiles.aboutMe,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw new Error(`operated conversation without its member ${id}`);
  // Public photos only: their addresses are the site's own (media serves p/ keys while the owner is
  // visible); private ones would need a back-office media route of their own.
  const shown = await db
    .select({ id: photos.id, storageKey: photos.storageKey })
    .from(photos)
    .where(and(eq(photos.userId, id), eq(photos.private, false), eq(photos.status, 'approved')))
    .orderBy(asc(photos.position), asc(photos.id));
  return {
    ...row,
    photos: shown.map((p) => ({
      id: p.id,
      thumb: photoFileKey(p.storageKey, 'thumb'),
      medium: photoFileKey(p.storageKey, 'medium'),
    })),
  };
}

export type OperatorConversationView = Awaited<ReturnType<typeof readOperatorConversation>>;

/**
 * The operator's screen of one conversation: both people, the whole history, the note of the pair,
 * the member's balance and the caller's live claim. It reads a member's private messages: audited
 * (the row with the read, in one transaction). The photos' images go along only when the policy
 * lets the caller open them (`imagesShown`), so the page never links what would be refused.
 */
export async function readOperatorConversation(
  deps: Pick<AppServices, 'db' | 'now'>,
  viewer: StaffViewer,
  actor: AuditActor & { staffId: number },
  conversationId: number,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const pair = await pairOf(tx, conversationId);
    const [member, profile, history, [note], claim, credits, [waiting]] = await Promise.all([
      personOf(tx, pair.memberId),
      personOf(tx, pair.profileId),
      tx
        .select({
          id: messages.id,
          seq: messages.seq,
          senderId: messages.senderId,
          kind: messages.kind,
          body: messages.body,
          gift: gifts.slug,
          image: sql<{ id: number; width: number; height: number } | null>`case when ${chatImages.id} is null
            then null else json_build_object('id', ${chatImages.id}, 'width', ${chatImages.width}, 'height', ${chatImages.height}) end`,
          credits: messages.credits,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .leftJoin(gifts, eq(gifts.id, messages.giftId))
        .leftJoin(chatImages, eq(chatImages.id, messages.imageId))
        .where(eq(messages.conversationId, conversationId))
        .orderBy(sql`${messages.seq} desc`)
        .limit(HISTORY_MAX),
      tx
        .select({ body: operatorNotes.body, updatedAt: operatorNotes.updatedAt })
        .from(operatorNotes)
        .where(and(eq(operatorNotes.memberId, pair.memberId), eq(operatorNotes.profileId, pair.profileId))),
      liveClaimOf(tx, actor.staffId, conversationId, now),
      balanceOf(deps.db, pair.memberId),
      tx
        .execute<{ since: Date | string | null }>(
          sql`select awaiting_reply_since as since from conversations where id = ${conversationId}`,
        )
        .then((r) => r.rows),
    ]);
    await writeAudit(tx, actor, { action: 'operators.read', target: `conversation:${conversationId}` }, now);
    return {
      conversationId,
      waitingSince: waiting?.since ? new Date(waiting.since) : null,
      member: { ...member, credits },
      profile,
      messages: history.reverse(),
      note: note ?? null,
      claim,
      imagesShown: can(viewer, 'operators.chat_image', { claimedByViewer: claim !== null }),
    };
  });
}

/**
 * A photo sent in an operated conversation (by the member or as the profile), for the operator
 * answering it now or an admin (the policy's operators.chat_image). A member's photo is private:
 * each read writes its audit row, in the transaction that checked the claim. An image of no
 * operated conversation answers like an unknown one.
 */
export async function readOperatedChatImage(
  deps: Pick<AppServices, 'db' | 'now'>,
  viewer: StaffViewer,
  actor: AuditActor & { staffId: number },
  imageId: number,
  size: ChatImageSize,
): Promise<{ key: string; etag: string }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ storageKey: chatImages.storageKey, conversationId: messages.conversationId })
      .from(chatImages)
      .innerJoin(messages, eq(messages.imageId, chatImages.id))
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(users, eq(users.id, conversations.operatedMemberId))
      .where(and(eq(chatImages.id, imageId), eq(users.fictional, true)));
    if (!row) throw notFound();
    const claim = await liveClaimOf(tx, actor.staffId, row.conversationId, now);
    authorize(viewer, 'operators.chat_image', { claimedByViewer: claim !== null });
    await writeAudit(
      tx,
      actor,
      {
        action: 'operators.read_photo',
        target: `conversation:${row.conversationId}`,
        after: { image: imageId, size },
      },
      now,
    );
    return { key: chatImageFileKey(row.storageKey, size), etag: chatImageTag(row.storageKey, size) };
  });
}

type FiguresRow = {
  key: string;
  name: string;
  replies: string;
  conversations: string;
  median: number | null;
  p90: number | null;
  credits_after: string | null;
};

/**
 * Per operator and per profile over the last `days` days: answers, conversations, the median and
 * 90th percentile of the time from the claim to the answer, and the credits the members spent in
 * those conversations after an answer (each member message counted for the answer before it).
 */
export async function readOperatorStats(deps: Pick<AppServices, 'db' | 'now'>, days: number) {
  const since = new Date(deps.now().getTime() - days * DAY_MS);
  const figures = (key: 'staff_id' | 'profile_id', names: ReturnType<typeof sql>) =>
    deps.db.execute<FiguresRow>(sql`
      with r as (
        select * from operator_replies where replied_at >= ${since}
      ), spent as (
        select last.${sql.raw(key)} as key, sum(m.credits) as credits
        from messages m
        join conversations c on c.id = m.conversation_id
        cross join lateral (
          select r2.staff_id, r2.profile_id from operator_replies r2
          join messages rm on rm.id = r2.message_id
          where r2.conversation_id = m.conversation_id and rm.seq < m.seq
          order by rm.seq desc limit 1
        ) last
        where m.credits > 0 and m.sender_id <> c.operated_member_id
          and m.conversation_id in (select conversation_id from r)
        group by 1
      )
      select r.${sql.raw(key)}::text as key, n.name, count(*) as replies,
        count(distinct r.conversation_id) as conversations,
        percentile_cont(0.5) within group (order by extract(epoch from r.replied_at - r.claimed_at)) as median,
        percentile_cont(0.9) within group (order by extract(epoch from r.replied_at - r.claimed_at)) as p90,
        (select credits from spent s where s.key = r.${sql.raw(key)}) as credits_after
      from r join ${names} n on n.id = r.${sql.raw(key)}
      group by r.${sql.raw(key)}, n.name
      order by count(*) desc, n.name`);
  const [operators, profilesRows] = await Promise.all([
    figures('staff_id', sql`staff_accounts`),
    figures('profile_id', sql`users`),
  ]);
  const present = (row: FiguresRow) => ({
    id: Number(row.key),
    name: row.name,
    replies: Number(row.replies),
    conversations: Number(row.conversations),
    medianSeconds: row.median === null ? null : Number(row.median),
    p90Seconds: row.p90 === null ? null : Number(row.p90),
    creditsAfter: Number(row.credits_after ?? 0),
  });
  return { days, operators: operators.rows.map(present), profiles: profilesRows.rows.map(present) };
}
