import { and, eq, gt, sql } from 'drizzle-orm';
import {
  OPERATOR_CLAIM_MS,
  OPERATOR_QUEUE_PAGE,
  type OperatorClaimInput,
  type OperatorQueueFilter,
  type OperatorQueueQuery,
  type OperatorReplyInput,
} from '../../../shared/contracts/operators.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/pg-errors.ts';
import {
  conversations,
  operatorClaims,
  operatorNotes,
  operatorReplies,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { conversationNotFound } from '../../policy/refusals.ts';
import { type MemberViewerFacts, memberViewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { type MessageRow, type SendSettings, sendMessage, signalTyping } from '../chat/chat.service.ts';
import { type UploadedChatImage, uploadChatImage } from '../chat/chat-images.service.ts';
import type { PhotoFile } from '../photos/photo-processor.ts';
import { tellStaffLists } from '../realtime/staff-lists.ts';
import { type AuditActor, writeAudit } from '../staff/staff-audit.service.ts';

/*
 * Operators answer for fictional profiles. The chat keeps `conversations.awaiting_reply_since`
 * (set when a member writes to a fictional profile, cleared when the profile writes) and
 * `operated_member_id`; this feature adds who answers which conversation now (operator_claims),
 * what each answered (operator_replies) and the notes per member and profile.
 */

type Deps = Pick<AppServices, 'db' | 'now'>;

const claimRequired = () =>
  new AppError(
    'claim_required',
    409,
    'This conversation is not claimed by you (any more): claim it before you answer.',
  );
const claimTaken = () => new AppError('claim_taken', 409, 'Another operator is answering this conversation.');
const nothingWaiting = () =>
  new AppError('nothing_waiting', 404, 'No conversation is waiting for an answer.');
const notWaiting = () =>
  new AppError('conversation_not_waiting', 409, 'This conversation is not waiting for an answer.');

const claimEnd = (now: Date) => new Date(now.getTime() + OPERATOR_CLAIM_MS);

/** The real member of an operated conversation (the other one is the fictional profile). */
const memberOf = sql`case when c.member_low = c.operated_member_id then c.member_high else c.member_low end`;

/**
 * The conversations waiting for a fictional profile's answer, as the queue and "claim next" see
 * them: still waiting, the profile still fictional, the member not erased; the filters on top.
 */
function waitingSql(filter: OperatorQueueFilter) {
  return sql`c.awaiting_reply_since is not null and c.operated_member_id is not null
    and pu.fictional and mu.deleted_at is null
    ${filter.profile ? sql`and c.operated_member_id = ${filter.profile}` : sql``}
    ${filter.language ? sql`and mu.language = ${filter.language}` : sql``}
    ${filter.country ? sql`and mp.country = ${filter.country}` : sql``}`;
}

const waitingFrom = sql`${conversations} c
  join ${users} pu on pu.id = c.operated_member_id
  join ${users} mu on mu.id = ${memberOf}
  join ${profiles} mp on mp.user_id = mu.id`;

type QueueRow = {
  id: string;
  waiting_since: Date | string;
  micros: string;
  profile_id: string;
  profile_name: string;
  member_id: string;
  member_name: string;
  language: string;
  country: string;
  claimed_by: string | null;
  claim_expires_at: Date | string | null;
};

export type QueueItem = {
  conversationId: number;
  waitingSince: Date;
  profile: { id: number; name: string };
  member: { id: number; name: string; language: string; country: string };
  claimedBy: number | null;
  /** When the live claim ends unless its operator goes on typing. */
  claimExpiresAt: Date | null;
};

/** A page of the queue, oldest wait first; keyset on (waiting since, conversation id). */
export async function readQueue(
  deps: Deps,
  query: OperatorQueueQuery,
): Promise<{ items: QueueItem[]; nextCursor: string | null }> {
  const now = deps.now();
  const [micros, id] = query.after ? query.after.split(':') : [null, null];
  const after =
    micros === null
      ? sql``
      : sql`and (c.awaiting_reply_since, c.id) > (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::bigint)`;
  const { rows } = await deps.db.execute<QueueRow>(sql`
    select c.id, c.awaiting_reply_since as waiting_since,
      (extract(epoch from c.awaiting_reply_since) * 1000000)::bigint as micros,
      pu.id as profile_id, pu.name as profile_name, mu.id as member_id, mu.name as member_name,
      mu.language, mp.country, oc.staff_id as claimed_by, oc.expires_at as claim_expires_at
    from ${waitingFrom}
    left join ${operatorClaims} oc on oc.conversation_id = c.id and oc.expires_at > ${now}
    where ${waitingSql(query)} ${after}
    order by c.awaiting_reply_since, c.id
    limit ${OPERATOR_QUEUE_PAGE + 1}`);
  const page = rows.slice(0, OPERATOR_QUEUE_PAGE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      conversationId: Number(row.id),
      waitingSince: new Date(row.waiting_since),
      profile: { id: Number(row.profile_id), name: row.profile_name },
      member: {
        id: Number(row.member_id),
        name: row.member_name,
        language: row.language,
        country: row.country,
      },
      claimedBy: row.claimed_by === null ? null : Number(row.claimed_by),
      claimExpiresAt: row.claim_expires_at === null ? null : new Date(row.claim_expires_at),
    })),
    nextCursor: rows.length > OPERATOR_QUEUE_PAGE && last ? `${last.micros}:${last.id}` : null,
  };
}

/** Claiming again after another operator's claim won the same conversation: bounded, never a loop. */
const CLAIM_ATTEMPTS = 20;

/**
 * Claims a conversation for the operator: the named one, or the oldest waiting one the filters
 * allow. The operator's earlier claim is let go (one conversation at a time; the operator is a
 * unique key of the claims, so two claims of one operator at once leave one). Exclusive: the
 * candidate is taken `FOR UPDATE SKIP LOCKED` (operators claiming at once take different ones),
 * and the claim's key, the conversation, is written only over a claim that has expired, so a
 * candidate read before another's claim committed is refused by the write and the next one tried.
 */
export async function claimConversation(
  deps: Deps,
  actor: AuditActor & { staffId: number },
  input: OperatorClaimInput,
): Promise<{ conversationId: number; expiresAt: Date }> {
  const now = deps.now();
  const expiresAt = claimEnd(now);
  const named = input.conversation?.id;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
    let claimed: { conversationId: number; expiresAt: Date } | null;
    try {
      claimed = await deps.db.transaction(async (tx) => {
        // The operator's earlier claim goes (one conversation at a time), in the statement that
        // picks the next one: it still looks claimed to that statement, so "next" is never it.
        const { rows } = await tx.execute<{ id: string; waiting_since: Date | string }>(sql`
          with gone as (delete from ${operatorClaims} where staff_id = ${actor.staffId})
          select c.id, c.awaiting_reply_since as waiting_since from ${waitingFrom}
          where ${waitingSql(named ? {} : input)}
            ${named ? sql`and c.id = ${named}` : sql``}
            and not exists (select 1 from ${operatorClaims} oc where oc.conversation_id = c.id
              and oc.expires_at > ${now} ${named ? sql`and oc.staff_id <> ${actor.staffId}` : sql``})
          order by c.awaiting_reply_since, c.id
          limit 1
          for update of c ${named ? sql`` : sql`skip locked`}`);
        const candidate = rows[0];
        if (!candidate) throw named ? await whyNotClaimable(tx, named, now) : nothingWaiting();
        const conversationId = Number(candidate.id);
        const { rows: won } = await tx.execute(sql`
          insert into ${operatorClaims} (conversation_id, staff_id, claimed_at, expires_at)
          values (${conversationId}, ${actor.staffId}, ${now}, ${expiresAt})
          on conflict (conversation_id) do update
            set staff_id = excluded.staff_id, claimed_at = excluded.claimed_at, expires_at = excluded.expires_at
            where ${operatorClaims.expiresAt} <= ${now} or ${operatorClaims.staffId} = ${actor.staffId}
          returning conversation_id`);
        if (won.length === 0) return null;
        await writeAudit(
          tx,
          actor,
          {
            action: 'operators.claim',
            target: `conversation:${conversationId}`,
            after: {
              waitingSince: new Date(candidate.waiting_since).toISOString(),
              expiresAt: expiresAt.toISOString(),
            },
          },
          now,
        );
        await tellStaffLists(tx, { list: 'operator_queue', kind: 'claimed', id: conversationId });
        return { conversationId, expiresAt };
      });
    } catch (error) {
      // The same operator claiming twice at once: one of the two holds the claim, the other goes again.
      if (uniqueViolation(error, 'operator_claims_staff_key')) continue;
      throw error;
    }
    if (claimed) return claimed;
    if (named) throw claimTaken();
  }
  throw claimTaken();
}

/** Why a named conversation cannot be claimed: someone else holds it, or it waits for nobody. */
async function whyNotClaimable(tx: Tx, conversationId: number, now: Date): Promise<AppError> {
  const [held] = await tx
    .select({ staffId: operatorClaims.staffId })
    .from(operatorClaims)
    .where(and(eq(operatorClaims.conversationId, conversationId), gt(operatorClaims.expiresAt, now)));
  if (held) return claimTaken();
  const [exists] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), sql`${conversations.operatedMemberId} is not null`));
  return exists ? notWaiting() : conversationNotFound();
}

/** The operator's live claim of the conversation, or null. */
export async function liveClaimOf(db: Queryable, staffId: number, conversationId: number, now: Date) {
  const [claim] = await db
    .select({ expiresAt: operatorClaims.expiresAt, claimedAt: operatorClaims.claimedAt })
    .from(operatorClaims)
    .where(
      and(
        eq(operatorClaims.conversationId, conversationId),
        eq(operatorClaims.staffId, staffId),
        gt(operatorClaims.expiresAt, now),
      ),
    );
  return claim ?? null;
}

/** Moves the operator's live claim on (typing, an answer); null when there is none to move. */
async function renewClaim(db: Queryable, staffId: number, conversationId: number, now: Date) {
  const [claim] = await db
    .update(operatorClaims)
    .set({ expiresAt: claimEnd(now) })
    .where(
      and(
        eq(operatorClaims.conversationId, conversationId),
        eq(operatorClaims.staffId, staffId),
        gt(operatorClaims.expiresAt, now),
      ),
    )
    .returning({ claimedAt: operatorClaims.claimedAt, expiresAt: operatorClaims.expiresAt });
  return claim ?? null;
}

/** Lets the conversation go before its claim expires (the operator leaves the screen). */
export async function releaseClaim(
  deps: Deps,
  actor: AuditActor & { staffId: number },
  conversationId: number,
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(operatorClaims)
      .where(
        and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.staffId, actor.staffId)),
      )
      .returning({ id: operatorClaims.conversationId });
    if (gone.length === 0) throw claimRequired();
    await writeAudit(
      tx,
      actor,
      { action: 'operators.release', target: `conversation:${conversationId}` },
      now,
    );
    await tellStaffLists(tx, { list: 'operator_queue', kind: 'released', id: conversationId });
  });
}

type ProfileRow = MemberViewerFacts & { waitingSince: Date | null };

/** The fictional profile of an operated conversation, with what its member viewer is made of. */
async function profileOf(db: Queryable, conversationId: number): Promise<ProfileRow> {
  const [row] = await db
    .select({
      id: users.id,
      status: users.status,
      paidUser: users.paidUser,
      emailConfirmedAt: users.emailConfirmedAt,
      signupMissing: users.signupMissing,
      waitingSince: conversations.awaitingReplySince,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.operatedMemberId))
    .where(and(eq(conversations.id, conversationId), eq(users.fictional, true)));
  if (!row) throw conversationNotFound();
  return row;
}

/**
 * The operator types: the claim is renewed and the member's tabs show the profile typing (the
 * chat's own typing signal, sent as the profile). Without a live claim: claim_required.
 */
export async function typeAsProfile(deps: Deps, staffId: number, conversationId: number) {
  const profile = await profileOf(deps.db, conversationId);
  const claim = await renewClaim(deps.db, staffId, conversationId, deps.now());
  if (!claim) throw claimRequired();
  await signalTyping(deps, memberViewerOf(profile), conversationId);
  return claim;
}

/**
 * An answer as the fictional profile, through the chat's one send (a fictional profile pays
 * nothing there). The claim is checked in the send's own transaction, after its message is stored:
 * a claim that expired meanwhile, or another operator's, undoes the message and answers
 * claim_required. The claim is renewed (a gift or a photo may follow) and the answer recorded for
 * the figures, with its audit row, in that same transaction.
 */
export async function replyAsProfile(
  services: Pick<AppServices, 'db' | 'now' | 'state' | 'enqueue'>,
  actor: AuditActor & { staffId: number },
  input: OperatorReplyInput,
  settings: SendSettings,
): Promise<MessageRow> {
  const conversationId = input.conversation.id;
  const profile = await profileOf(services.db, conversationId);
  const now = services.now();
  return sendMessage(
    services,
    memberViewerOf(profile),
    { conversationId },
    {
      clientId: input.client_id,
      content:
        input.kind === 'gift' && input.gift
          ? { kind: 'gift', body: input.body, giftId: input.gift.id }
          : input.kind === 'image' && input.image
            ? { kind: 'image', body: input.body, imageId: input.image.id }
            : { kind: 'text', body: input.body },
    },
    settings,
    async (tx, message) => {
      const claim = await renewClaim(tx, actor.staffId, conversationId, now);
      if (!claim) throw claimRequired();
      await tx.insert(operatorReplies).values({
        messageId: message.id,
        conversationId,
        staffId: actor.staffId,
        profileId: profile.id,
        waitingSince: profile.waitingSince,
        claimedAt: claim.claimedAt,
        repliedAt: now,
      });
      await writeAudit(
        tx,
        actor,
        {
          action: 'operators.reply',
          target: `conversation:${conversationId}`,
          after: { message: message.id, kind: message.kind },
        },
        now,
      );
    },
  );
}

/**
 * A photo for an answer, stored as the fictional profile's upload through the chat's own pipeline
 * (the send takes only an image its sender uploaded, and the member's side serves it as one of the
 * conversation's). Only under a live claim, which it moves on: choosing a photo is answering.
 * Sent after with replyAsProfile, kind image; an upload never sent is swept with the chat's.
 */
export async function uploadPhotoAsProfile(
  services: Pick<AppServices, 'db' | 'storage' | 'now'>,
  staffId: number,
  conversationId: number,
  photo: PhotoFile,
): Promise<UploadedChatImage> {
  const profile = await profileOf(services.db, conversationId);
  const claim = await renewClaim(services.db, staffId, conversationId, services.now());
  if (!claim) throw claimRequired();
  return uploadChatImage(services, memberViewerOf(profile), { conversationId }, photo);
}

/** The note of the conversation's member and profile, written over with its audit row (before and after). */
export async function saveNote(
  deps: Deps,
  actor: AuditActor & { staffId: number },
  conversationId: number,
  body: string,
) {
  const now = deps.now();
  const pair = await pairOf(deps.db, conversationId);
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ body: operatorNotes.body })
      .from(operatorNotes)
      .where(and(eq(operatorNotes.memberId, pair.memberId), eq(operatorNotes.profileId, pair.profileId)))
      .for('update');
    const [note] = await tx
      .insert(operatorNotes)
      .values({
        memberId: pair.memberId,
        profileId: pair.profileId,
        body,
        updatedBy: actor.staffId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [operatorNotes.memberId, operatorNotes.profileId],
        set: { body, updatedBy: actor.staffId, updatedAt: now },
      })
      .returning({ body: operatorNotes.body, updatedAt: operatorNotes.updatedAt });
    await writeAudit(
      tx,
      actor,
      {
        action: 'operators.note',
        target: `member:${pair.memberId}`,
        before: { profile: pair.profileId, body: before?.body ?? '' },
        after: { profile: pair.profileId, body },
      },
      now,
    );
    return note as { body: string; updatedAt: Date };
  });
}

/** The member and the fictional profile of an operated conversation. */
export async function pairOf(db: Queryable, conversationId: number) {
  const { rows } = await db.execute<{ member_id: string; profile_id: string }>(sql`
    select ${memberOf} as member_id, c.operated_member_id as profile_id
    from ${conversations} c join ${users} pu on pu.id = c.operated_member_id
    where c.id = ${conversationId} and pu.fictional`);
  const row = rows[0];
  if (!row) throw conversationNotFound();
  return { memberId: Number(row.member_id), profileId: Number(row.profile_id) };
}
