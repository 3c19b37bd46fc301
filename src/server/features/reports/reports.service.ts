import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type {
  ModerationNotices,
  ReportDecisionInput,
  ReportEvidence,
  ReportInput,
  ReportQueueQuery,
} from '../../../shared/contracts/reports.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import {
  conversationMembers,
  memberSuspensions,
  memberWarnings,
  messages,
  profiles,
  reports,
  staffAccounts,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import {
  findModerationFacts,
  hideAccount,
  restoreAccount,
  suspendAccount,
} from '../auth/account-moderation.service.ts';
import { tellStaffLists } from '../realtime/staff-lists.ts';
import { type AuditActor, writeAudit } from '../staff/staff-audit.service.ts';
import { REPORT_OUTCOME_MAIL_JOB } from './reports.jobs.ts';

/** How many of a conversation's last messages a report freezes with the reported one. */
const EVIDENCE_MESSAGES = 20;
/** Reports a member may make in a day (both kinds together). */
export const REPORTS_PER_DAY = 10;
const QUEUE_PAGE_SIZE = 50;

const targetNotFound = () =>
  new AppError('report_target_not_found', 404, 'What you want to report could not be found');
const reportNotFound = () => new AppError('report_not_found', 404, 'Report not found');

type Requester = { domain: string; locale: Locale };

type EvidenceRow = typeof messages.$inferSelect;

function freezeMessages(rows: readonly EvidenceRow[], reportedId: number | null) {
  return [...rows]
    .sort((a, b) => a.seq - b.seq)
    .map((row) => ({
      id: row.id,
      seq: row.seq,
      senderId: row.senderId,
      kind: row.kind,
      body: row.body,
      at: row.createdAt.toISOString(),
      reported: row.id === reportedId,
    }));
}

/** The conversation's last messages (and the reported one, should it be older), as they are now. */
async function conversationHistory(db: Queryable, conversationId: number, reportedMessage?: EvidenceRow) {
  const recent = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(EVIDENCE_MESSAGES);
  if (reportedMessage && !recent.some((row) => row.id === reportedMessage.id)) recent.push(reportedMessage);
  return freezeMessages(recent, reportedMessage?.id ?? null);
}

async function profileSnapshot(db: Queryable, memberId: number) {
  const [row] = await db
    .select({ name: users.name, aboutMe: profiles.aboutMe, city: profiles.city, erasedAt: users.erasedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, memberId));
  if (!row || row.erasedAt) return undefined;
  return { name: row.name, aboutMe: row.aboutMe ?? null, city: row.city ?? null };
}

/** The conversation of the pair, if they have one. */
async function conversationOfPair(db: Queryable, a: number, b: number): Promise<number | null> {
  const [row] = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.memberId, a),
        sql`exists (select 1 from ${conversationMembers} other where other.conversation_id = ${conversationMembers.conversationId} and other.member_id = ${b})`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Joins a message to the member's place in its conversation: only the messages of their own
 * conversations are theirs to report.
 */
export const inConversationOf = (memberId: number) =>
  and(
    eq(conversationMembers.conversationId, messages.conversationId),
    eq(conversationMembers.memberId, memberId),
  );

/**
 * What the report is about and its evidence, read now and stored as it is: a message the reporter
 * received (never their own), or a profile, each with the recent history of the pair's conversation.
 */
async function gatherEvidence(
  db: Queryable,
  reporter: MemberViewer,
  input: ReportInput,
): Promise<{ reportedId: number; messageId: number | null; evidence: ReportEvidence }> {
  if (input.kind === 'message') {
    const [message] = await db
      .select()
      .from(messages)
      .innerJoin(conversationMembers, inConversationOf(reporter.id))
      .where(eq(messages.id, input.message_id));
    // Another pair's message answers like a missing one.
    if (!message) throw targetNotFound();
    const row = message.messages;
    authorize(reporter, 'member.report', { reportedId: row.senderId });
    const profile = await profileSnapshot(db, row.senderId);
    if (!profile) throw targetNotFound();
    return {
      reportedId: row.senderId,
      messageId: row.id,
      evidence: {
        profile,
        conversationId: row.conversationId,
        messages: await conversationHistory(db, row.conversationId, row),
        complaint: null,
      },
    };
  }
  authorize(reporter, 'member.report', { reportedId: input.member_id });
  const profile = await profileSnapshot(db, input.member_id);
  if (!profile) throw targetNotFound();
  const conversationId = await conversationOfPair(db, reporter.id, input.member_id);
  return {
    reportedId: input.member_id,
    messageId: null,
    evidence: {
      profile,
      conversationId,
      messages: conversationId ? await conversationHistory(db, conversationId) : [],
      complaint: null,
    },
  };
}

/**
 * A member reports a profile or a message. The evidence is frozen in the same statement's
 * transaction; the same report again while the first waits answers the first (a double tap, a
 * resend after a lost answer).
 */
export async function reportContent(
  services: Pick<AppServices, 'db' | 'now'>,
  reporter: MemberViewer,
  input: ReportInput,
  requester: Requester,
): Promise<{ id: number }> {
  return services.db.transaction(async (tx) => {
    const { reportedId, messageId, evidence } = await gatherEvidence(tx, reporter, input);
    const [inserted] = await tx
      .insert(reports)
      .values({
        source: 'member',
        kind: input.kind,
        reporterId: reporter.id,
        reportedId,
        messageId,
        reason: input.reason,
        note: input.note ?? null,
        evidence,
        language: requester.locale,
        domain: requester.domain,
        createdAt: services.now(),
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (inserted) {
      await tellStaffLists(tx, { list: 'reports', kind: 'opened', id: inserted.id });
      return inserted;
    }
    const [earlier] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporter.id),
          eq(reports.kind, input.kind),
          eq(reports.reportedId, reportedId),
          sql`coalesce(${reports.messageId}, 0) = ${messageId ?? 0}`,
          eq(reports.status, 'open'),
          eq(reports.source, 'member'),
        ),
      );
    if (!earlier) throw new Error('report: conflict without an open report');
    return earlier;
  });
}

/**
 * A complaint from the complaints form joins the queue, in the complaint's own transaction, with
 * what was typed frozen as its evidence (the complaints feature keeps its row; this one never reads it).
 */
export async function queueComplaint(
  tx: Queryable,
  complaint: {
    id: number;
    userId: number | null;
    name: string;
    email: string;
    subject: string;
    message: string;
    language: string;
    domain: string;
    createdAt: Date;
  },
): Promise<void> {
  const [queued] = await tx
    .insert(reports)
    .values({
      source: 'complaint',
      kind: 'complaint',
      reporterId: complaint.userId,
      complaintId: complaint.id,
      reason: complaint.subject,
      evidence: {
        profile: null,
        conversationId: null,
        messages: [],
        complaint: {
          name: complaint.name,
          email: complaint.email,
          subject: complaint.subject,
          message: complaint.message,
        },
      },
      language: complaint.language,
      domain: complaint.domain,
      createdAt: complaint.createdAt,
    })
    .returning({ id: reports.id });
  if (queued) await tellStaffLists(tx, { list: 'reports', kind: 'opened', id: queued.id });
}

/**
 * The queue: open reports first, oldest first within each status; closed ones newest decided first.
 * The reason and the source narrow it; the open count stays the whole queue's (the nav's figure).
 */
export async function listReportQueue(db: Queryable, query: ReportQueueQuery) {
  const where: SQL | undefined = and(
    query.status === 'all' ? undefined : eq(reports.status, query.status),
    query.reason ? eq(reports.reason, query.reason) : undefined,
    query.source ? eq(reports.source, query.source) : undefined,
  );
  const reporter = sql`(select ${users.name} from ${users} where ${users.id} = ${reports.reporterId})`;
  const reported = sql`(select ${users.name} from ${users} where ${users.id} = ${reports.reportedId})`;
  const rows = await db
    .select({
      id: reports.id,
      source: reports.source,
      kind: reports.kind,
      reason: reports.reason,
      status: reports.status,
      outcome: reports.outcome,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterName: sql<string | null>`${reporter}`,
      reportedId: reports.reportedId,
      reportedName: sql<string | null>`${reported}`,
      complaintName: sql<string | null>`${reports.evidence} -> 'complaint' ->> 'name'`,
    })
    .from(reports)
    .where(where)
    .orderBy(
      sql`case when ${reports.status} = 'open' then 0 else 1 end`,
      sql`case when ${reports.status} = 'open' then ${reports.createdAt} end asc`,
      desc(reports.decidedAt),
      asc(reports.id),
    )
    .limit(QUEUE_PAGE_SIZE + 1)
    .offset((query.page - 1) * QUEUE_PAGE_SIZE);
  const page = rows.slice(0, QUEUE_PAGE_SIZE);
  const reportedIds = uniqueIds(page.map((row) => row.reportedId));
  const [facts, suspended, warnings, [open]] = await Promise.all([
    findModerationFacts(db, reportedIds),
    activeSuspensions(db, reportedIds),
    warningsOf(db, reportedIds),
    db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
  ]);
  return {
    rows: page.map((row) => ({
      ...row,
      reportedFacts: row.reportedId ? facts.get(row.reportedId) : undefined,
      suspended: row.reportedId ? suspended.has(row.reportedId) : false,
      warnings: (row.reportedId && warnings.get(row.reportedId)) || NO_WARNINGS,
    })),
    page: query.page,
    hasMore: rows.length > QUEUE_PAGE_SIZE,
    openCount: open?.n ?? 0,
  };
}

const uniqueIds = (ids: readonly (number | null)[]) => [
  ...new Set(ids.filter((id): id is number => id !== null)),
];

/** How many warnings each member got, and how many they have not acknowledged yet. */
async function warningsOf(db: Queryable, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, MemberWarnings>();
  const rows = await db
    .select({
      userId: memberWarnings.userId,
      total: count(),
      unread: sql<number>`count(*) filter (where ${memberWarnings.acknowledgedAt} is null)::int`,
    })
    .from(memberWarnings)
    .where(inArray(memberWarnings.userId, [...userIds]))
    .groupBy(memberWarnings.userId);
  return new Map(rows.map((row) => [row.userId, { total: row.total, unread: row.unread }]));
}

export type MemberWarnings = { total: number; unread: number };
const NO_WARNINGS: MemberWarnings = { total: 0, unread: 0 };

async function activeSuspensions(db: Queryable, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: memberSuspensions.userId })
    .from(memberSuspensions)
    .where(and(inArray(memberSuspensions.userId, [...userIds]), isNull(memberSuspensions.liftedAt)));
  return new Set(rows.map((row) => row.userId));
}

export type QueuePage = Awaited<ReturnType<typeof listReportQueue>>;

/**
 * A report with its evidence. Reading it shows a member's private messages to staff: the read is
 * audited, in a transaction with nothing else to do.
 */
export async function readReport(services: Pick<AppServices, 'db' | 'now'>, actor: AuditActor, id: number) {
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        report: reports,
        reporterName: sql<
          string | null
        >`(select ${users.name} from ${users} where ${users.id} = ${reports.reporterId})`,
        reportedName: sql<
          string | null
        >`(select ${users.name} from ${users} where ${users.id} = ${reports.reportedId})`,
        decidedBy: staffAccounts.name,
      })
      .from(reports)
      .leftJoin(staffAccounts, eq(staffAccounts.id, reports.decidedBy))
      .where(eq(reports.id, id));
    if (!row) throw reportNotFound();
    const reportedId = row.report.reportedId;
    const [facts, suspended, warnings, [about]] = await Promise.all([
      findModerationFacts(tx, reportedId ? [reportedId] : []),
      activeSuspensions(tx, reportedId ? [reportedId] : []),
      warningsOf(tx, reportedId ? [reportedId] : []),
      reportedId
        ? tx.select({ n: count() }).from(reports).where(eq(reports.reportedId, reportedId))
        : Promise.resolve([{ n: 0 }]),
    ]);
    await writeAudit(tx, actor, { action: 'report.view', target: `report:${id}` }, services.now());
    return {
      ...row,
      reportedFacts: reportedId ? facts.get(reportedId) : undefined,
      suspended: reportedId ? suspended.has(reportedId) : false,
      warnings: (reportedId && warnings.get(reportedId)) || NO_WARNINGS,
      reportsAboutMember: about?.n ?? 0,
    };
  });
}

export type ReportRead = Awaited<ReturnType<typeof readReport>>;

/**
 * Staff decide an open report: dismiss it, warn the member, hide the profile or suspend the
 * account. The change, the report's closing, the audit row and the reporter's mail job commit
 * together, or none of them does.
 */
export async function decideReport(
  services: Pick<AppServices, 'db' | 'now' | 'sessions' | 'enqueue'>,
  actor: AuditActor & { staffId: number },
  input: ReportDecisionInput,
) {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, input.id)).for('update');
    if (!report) throw reportNotFound();
    if (report.status !== 'open')
      throw new AppError('report_already_decided', 409, 'This report has already been decided');
    const memberId = report.reportedId;
    if (input.outcome !== 'dismiss' && memberId === null)
      throw new AppError('report_outcome_invalid', 400, 'This report names no member to act on');
    const after: Record<string, unknown> = { status: 'closed', outcome: input.outcome };
    if (memberId !== null) await applyOutcome(services, tx, report, memberId, input, now, after);
    await tx
      .update(reports)
      .set({ status: 'closed', outcome: input.outcome, decidedBy: actor.staffId, decidedAt: now })
      .where(eq(reports.id, report.id));
    await tellStaffLists(tx, { list: 'reports', kind: 'decided', id: report.id });
    await writeAudit(
      tx,
      actor,
      {
        action: `report.${input.outcome}`,
        target: `report:${report.id}`,
        before: { status: 'open', member: memberId },
        after,
      },
      now,
    );
    await services.enqueue(
      REPORT_OUTCOME_MAIL_JOB,
      { reportId: report.id },
      { tx, dedupeKey: `report-outcome:${report.id}` },
    );
  });
}

async function applyOutcome(
  services: Pick<AppServices, 'sessions'>,
  tx: Tx,
  report: typeof reports.$inferSelect,
  memberId: number,
  input: ReportDecisionInput,
  now: Date,
  after: Record<string, unknown>,
) {
  if (input.outcome === 'warn') {
    const [warning] = await tx
      .insert(memberWarnings)
      .values({
        userId: memberId,
        reportId: report.id,
        reason: report.reason,
        note: input.note ?? null,
        createdAt: now,
      })
      .returning({ id: memberWarnings.id });
    after.warning = warning?.id;
  } else if (input.outcome === 'hide') {
    after.hidden = await hideAccount(services, tx, memberId, now);
  } else if (input.outcome === 'suspend') {
    const previous = await suspendAccount(services, tx, memberId, now);
    if (previous) {
      await tx
        .insert(memberSuspensions)
        .values({ userId: memberId, reportId: report.id, previousStatus: previous, suspendedAt: now });
    }
    after.suspended = previous !== undefined;
  }
}

/** Lifts a member's suspension: the status they had comes back; audited in the same transaction. */
export async function liftSuspension(
  services: Pick<AppServices, 'db' | 'now' | 'sessions'>,
  actor: AuditActor,
  memberId: number,
) {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const [suspension] = await tx
      .select()
      .from(memberSuspensions)
      .where(and(eq(memberSuspensions.userId, memberId), isNull(memberSuspensions.liftedAt)))
      .for('update');
    if (!suspension) throw new AppError('member_not_suspended', 409, 'This member is not suspended');
    await restoreAccount(services, tx, memberId, suspension.previousStatus);
    await tx.update(memberSuspensions).set({ liftedAt: now }).where(eq(memberSuspensions.id, suspension.id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'member.lift_suspension',
        target: `member:${memberId}`,
        before: { status: 'disabled' },
        after: { status: suspension.previousStatus },
      },
      now,
    );
  });
}

/** The warning the member has not acknowledged yet (the oldest), and outcomes of their reports not yet seen. */
export async function readModerationNotices(db: Queryable, member: MemberViewer): Promise<ModerationNotices> {
  const [[warning], outcomes] = await Promise.all([
    db
      .select()
      .from(memberWarnings)
      .where(and(eq(memberWarnings.userId, member.id), isNull(memberWarnings.acknowledgedAt)))
      .orderBy(asc(memberWarnings.id))
      .limit(1),
    db
      .select({ id: reports.id, outcome: reports.outcome, decidedAt: reports.decidedAt })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, member.id),
          eq(reports.status, 'closed'),
          isNull(reports.noticeSeenAt),
          isNotNull(reports.decidedAt),
        ),
      )
      .orderBy(asc(reports.decidedAt))
      .limit(20),
  ]);
  return {
    warning: warning
      ? {
          id: warning.id,
          reason: warning.reason,
          note: warning.note,
          created_at: warning.createdAt.toISOString(),
        }
      : null,
    outcomes: outcomes.map((row) => ({
      id: row.id,
      // Never what was done to the other member: only whether something was.
      outcome: row.outcome === 'dismiss' ? ('dismissed' as const) : ('acted' as const),
      decided_at: (row.decidedAt as Date).toISOString(),
    })),
  };
}

/** The member read their warning, or their reports' outcomes; again changes nothing. */
export async function markNoticesSeen(
  services: Pick<AppServices, 'db' | 'now'>,
  member: MemberViewer,
  seen: { kind: 'warning'; id: number } | { kind: 'outcome'; ids: number[] },
) {
  const now = services.now();
  if (seen.kind === 'warning') {
    await services.db
      .update(memberWarnings)
      .set({ acknowledgedAt: now })
      .where(
        and(
          eq(memberWarnings.id, seen.id),
          eq(memberWarnings.userId, member.id),
          isNull(memberWarnings.acknowledgedAt),
        ),
      );
    return;
  }
  await services.db
    .update(reports)
    .set({ noticeSeenAt: now })
    .where(
      and(inArray(reports.id, seen.ids), eq(reports.reporterId, member.id), isNull(reports.noticeSeenAt)),
    );
}

/** Who is told a report's outcome: the reporter's address and language, or the complainant's. */
export async function findOutcomeRecipient(db: Queryable, reportId: number) {
  const [row] = await db
    .select({
      report: reports,
      email: users.email,
      // The member's language now: the one their mails are written in.
      language: users.language,
      erasedAt: users.erasedAt,
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.id, reportId), or(isNotNull(reports.reporterId), eq(reports.source, 'complaint'))));
  if (row?.report.status !== 'closed') return undefined;
  const email = row.erasedAt ? null : (row.email ?? row.report.evidence.complaint?.email ?? null);
  if (!email) return undefined;
  return { email, language: row.language ?? row.report.language, report: row.report };
}
