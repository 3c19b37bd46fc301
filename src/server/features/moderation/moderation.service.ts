import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ModerationDecision } from '../../../shared/contracts/moderation.ts';
import type { Queryable } from '../../db/client.ts';
import { moderationNotices, profiles, textChanges, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { MemberViewer, StaffViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { SEND_MAIL_JOB } from '../auth/account-mail.ts';
import { type NameRestore, restoreName } from '../auth/signup.service.ts';
import {
  countPendingPhotos,
  decidePendingPhoto,
  findPhoto,
  listPendingPhotos,
} from '../photos/photos.service.ts';
import { restoreAboutMe } from '../profile/profile.service.ts';
import { tellStaffLists } from '../realtime/staff-lists.ts';
import { type AuditActor, writeAudit } from '../staff/staff-audit.service.ts';
import { type NoticeOutcome, type NoticeSubject, renderModerationMail } from './moderation.mails.ts';

/** How many waiting photos the queue page holds at once: enough to work through with the keyboard. */
const PHOTO_QUEUE_PAGE = 30;

type Tx = Parameters<Parameters<AppServices['db']['transaction']>[0]>[0];

/** Whom the queues' rows belong to: name, birth date and country, read from auth's and profile's tables. */
const ownerColumns = {
  name: users.name,
  birthDate: profiles.birthDate,
  country: profiles.country,
};
export type QueueOwner = { name: string; birthDate: string | null; country: string | null };

/** The photos waiting for a moderator, oldest first, with their owners. */
export async function listPhotoQueue(services: Pick<AppServices, 'db' | 'now'>, staff: StaffViewer) {
  authorize(staff, 'moderation.photos');
  const [rows, total] = await Promise.all([
    listPendingPhotos(services.db, PHOTO_QUEUE_PAGE),
    countPendingPhotos(services.db),
  ]);
  const owners = rows.length
    ? await services.db
        .select({ id: users.id, ...ownerColumns })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(
          inArray(
            users.id,
            rows.map((row) => row.userId),
          ),
        )
    : [];
  const byId = new Map(owners.map((owner) => [owner.id, owner]));
  const unknown: QueueOwner = { name: '', birthDate: null, country: null };
  return {
    rows: rows.map((row) => ({ ...row, owner: byId.get(row.userId) ?? unknown })),
    total,
    now: services.now(),
  };
}

/** A waiting photo's file for a moderator's preview (the media route serves it to its owner only). */
export async function findQueuedPhotoKey(services: Pick<AppServices, 'db'>, staff: StaffViewer, id: number) {
  authorize(staff, 'moderation.photos');
  const photo = await findPhoto(services.db, id);
  if (!photo) throw notFound();
  return photo.storageKey;
}

type Told = {
  subject: NoticeSubject;
  outcome: NoticeOutcome;
  reason: string | null;
  note: string | null;
};

/** The in-app notice and the mail of a decision, in the decision's transaction: both or neither. */
async function tellMember(
  services: Pick<AppServices, 'enqueue' | 'settings' | 'translations' | 'env'>,
  tx: Tx,
  userId: number,
  told: Told & { photoId?: number },
  now: Date,
) {
  await tx.insert(moderationNotices).values({
    userId,
    subject: told.subject,
    outcome: told.outcome,
    reason: told.reason,
    note: told.note,
    photoId: told.photoId ?? null,
    createdAt: now,
  });
  const [member] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return;
  await services.enqueue(SEND_MAIL_JOB, await renderModerationMail(services, member, told), { tx });
}

type DecideDeps = Pick<
  AppServices,
  'db' | 'now' | 'sessions' | 'enqueue' | 'settings' | 'translations' | 'env'
>;

/** The reason and note a decision is stored and told with: an approval has neither. */
const rejectionOf = (decision: ModerationDecision) =>
  decision.outcome === 'rejected'
    ? { reason: decision.reason, note: decision.note ?? null }
    : { reason: null, note: null };

type Rejection = ReturnType<typeof rejectionOf>;

/** Each queue's permission in the policy, and its list in the moderators' live views. */
const QUEUES = {
  photo: { permission: 'moderation.photos', list: 'moderation_photos' },
  text: { permission: 'moderation.texts', list: 'moderation_texts' },
} as const;

/** What one queue's decision changed, for the envelope every decision shares (decideQueued). */
type Decided<T> = {
  result: T;
  /** The queue row that left the list (the photo's id, the text change's). */
  id: number;
  userId: number;
  target: string;
  before: Record<string, unknown>;
  /** What the audit row keeps beyond the outcome, reason and note. */
  after?: Record<string, unknown>;
  told: Omit<Told, 'reason' | 'note'> & { photoId?: number };
};

/**
 * A moderator's decision on a queue's row, the same for every queue: the policy's check, then in
 * one transaction the queue's own change (`apply`, a 404 when the row is gone or decided
 * meanwhile), the row leaving the moderators' open lists, the audit row, and the member's notice
 * and mail: all of it or none.
 */
async function decideQueued<T>(
  services: DecideDeps,
  staff: StaffViewer,
  actor: AuditActor,
  decision: ModerationDecision,
  queue: {
    kind: keyof typeof QUEUES;
    apply: (tx: Tx, rejection: Rejection, now: Date) => Promise<Decided<T> | undefined>;
  },
): Promise<T> {
  const { permission, list } = QUEUES[queue.kind];
  authorize(staff, permission);
  const now = services.now();
  const rejection = rejectionOf(decision);
  const { reason, note } = rejection;
  return services.db.transaction(async (tx) => {
    const decided = await queue.apply(tx, rejection, now);
    if (!decided) throw notFound();
    await tellStaffLists(tx, { list, kind: 'left', id: decided.id });
    await writeAudit(
      tx,
      actor,
      {
        action: `moderation.${queue.kind}_${decision.outcome}`,
        target: decided.target,
        before: decided.before,
        after: { status: decision.outcome, reason, note, ...decided.after },
      },
      now,
    );
    await tellMember(services, tx, decided.userId, { ...decided.told, reason, note }, now);
    return decided.result;
  });
}

/**
 * Approves or rejects a waiting photo: the photo's row (through the photos feature), and what every
 * decision does (decideQueued). A photo that is gone, or decided by another moderator meanwhile,
 * is a 404 and changes nothing.
 */
export async function decidePhoto(
  services: DecideDeps,
  staff: StaffViewer,
  actor: AuditActor,
  decision: ModerationDecision,
) {
  const decided = await decideQueued(services, staff, actor, decision, {
    kind: 'photo',
    apply: async (tx, { reason, note }, now) => {
      const result = await decidePendingPhoto(
        tx,
        decision.id,
        decision.outcome === 'approved'
          ? { outcome: 'approved' }
          : { outcome: 'rejected', reason: reason ?? 'other', note },
        now,
      );
      if (!result) return undefined;
      const { id, userId } = result.photo;
      return {
        result,
        id,
        userId,
        target: `photo:${id}`,
        before: { status: 'pending', member: userId },
        told: { subject: 'photo', outcome: decision.outcome, photoId: id },
      };
    },
  });
  // After the commit: the member's cached session carries main_photo_id.
  await services.sessions.invalidateUser(decided.photo.userId);
  return decided;
}

/** The changed texts waiting for a moderator, oldest first, with their members. */
export async function listTextQueue(services: Pick<AppServices, 'db' | 'now'>, staff: StaffViewer) {
  authorize(staff, 'moderation.texts');
  const waiting = eq(textChanges.status, 'pending');
  const [rows, [counted]] = await Promise.all([
    services.db
      .select({ change: textChanges, owner: ownerColumns })
      .from(textChanges)
      .innerJoin(users, eq(users.id, textChanges.userId))
      .leftJoin(profiles, eq(profiles.userId, textChanges.userId))
      .where(waiting)
      .orderBy(asc(textChanges.createdAt), asc(textChanges.id))
      .limit(PHOTO_QUEUE_PAGE),
    services.db.select({ n: count() }).from(textChanges).where(waiting),
  ]);
  return { rows, total: counted?.n ?? 0, now: services.now() };
}

/**
 * Keeps or undoes a changed text: approved keeps it; rejected puts the text before it back (a name
 * through the auth feature, about me through the profile feature) and tells the member why and
 * what became of the text. Audit row, notice and mail in the same transaction. A change made again
 * while this one waited is part of this entry (recordTextChange), so it goes back too: to the last
 * text no moderator refused. A text written since without the queue is newer and stays.
 */
export async function decideText(
  services: DecideDeps,
  staff: StaffViewer,
  actor: AuditActor,
  decision: ModerationDecision,
) {
  return decideQueued(services, staff, actor, decision, {
    kind: 'text',
    apply: async (tx, { reason, note }, now) => {
      const [change] = await tx
        .select()
        .from(textChanges)
        .where(and(eq(textChanges.id, decision.id), eq(textChanges.status, 'pending')))
        .for('update');
      if (!change) return undefined;
      // Put back through the feature that owns the text, with its rules (a name is unique).
      const undone: NameRestore | undefined =
        decision.outcome === 'approved'
          ? undefined
          : change.field === 'name'
            ? await restoreName(services, tx, change.userId, change.after, change.before)
            : (await restoreAboutMe(tx, change.userId, change.after, change.before))
              ? 'restored'
              : 'newer_kept';
      await tx
        .update(textChanges)
        .set({ status: decision.outcome, reason, note, decidedAt: now })
        .where(eq(textChanges.id, change.id));
      return {
        result: undone,
        id: change.id,
        userId: change.userId,
        target: `text_change:${change.id}`,
        before: { member: change.userId, field: change.field, text: change.after },
        after: { undone, restored: undone === 'restored' ? change.before : undefined },
        told: { subject: change.field, outcome: noticeOutcome(undone) },
      };
    },
  });
}

/** What the member is told is what happened: set back, a new name to choose, or a newer text kept. */
function noticeOutcome(undone: NameRestore | undefined): NoticeOutcome {
  if (undone === undefined) return 'approved';
  if (undone === 'restored') return 'rejected';
  return undone === 'choose_new' ? 'rejected_choose_new' : 'rejected_newer_kept';
}

/** Erasure of an account: its queued texts and notices go with it, and leave the open queues. */
export async function eraseModerationOf(tx: Tx, userId: number) {
  const gone = await tx
    .delete(textChanges)
    .where(eq(textChanges.userId, userId))
    .returning({ id: textChanges.id, status: textChanges.status });
  await tx.delete(moderationNotices).where(eq(moderationNotices.userId, userId));
  await tellStaffLists(
    tx,
    ...gone
      .filter((change) => change.status === 'pending')
      .map((change) => ({ list: 'moderation_texts' as const, kind: 'left' as const, id: change.id })),
  );
}

/** The member's notices not yet dismissed, newest first. */
export async function listOwnNotices(db: Queryable, member: MemberViewer) {
  return db
    .select()
    .from(moderationNotices)
    .where(and(eq(moderationNotices.userId, member.id), isNull(moderationNotices.dismissedAt)))
    .orderBy(desc(moderationNotices.createdAt), desc(moderationNotices.id))
    .limit(20);
}

/** Dismisses one of the member's notices; another member's answers like a missing one. */
export async function dismissNotice(
  services: Pick<AppServices, 'db' | 'now'>,
  member: MemberViewer,
  id: number,
) {
  const [row] = await services.db
    .update(moderationNotices)
    .set({ dismissedAt: services.now() })
    .where(and(eq(moderationNotices.id, id), eq(moderationNotices.userId, member.id)))
    .returning({ id: moderationNotices.id });
  if (!row) throw notFound();
}
