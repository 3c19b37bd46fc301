// Owned by the reports feature (features/reports): members' reports and the complaints form's
// submissions in one queue, the outcomes staff decide, warnings and suspensions.
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReportEvidence } from '../../../shared/contracts/reports.ts';
import { memberRef, users } from './accounts.ts';
import { identityId } from './columns.ts';
import { complaints } from './complaints.ts';
import { staffAccounts } from './staff.ts';

/**
 * One item of the moderators' queue. `evidence` is frozen when the report is made (the reported
 * message, the conversation's last messages, the profile's texts, or the complaint as typed): a
 * member who edits or a retention purge afterwards changes nothing of what the moderator reads.
 */
export const reports = pgTable(
  'reports',
  {
    id: identityId(),
    source: text('source', { enum: ['member', 'complaint'] }).notNull(),
    kind: text('kind', { enum: ['profile', 'message', 'complaint'] }).notNull(),
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    reportedId: bigint('reported_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    complaintId: bigint('complaint_id', { mode: 'number' }).references(() => complaints.id, {
      onDelete: 'set null',
    }),
    /** The reported message (no reference: the evidence keeps its text when the message goes). */
    messageId: bigint('message_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    note: text('note'),
    evidence: jsonb('evidence').$type<ReportEvidence>().notNull(),
    /** The reporter's language and site when reporting, for the outcome's mail. */
    language: text('language').notNull(),
    domain: text('domain').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    outcome: text('outcome', { enum: ['dismiss', 'warn', 'hide', 'suspend'] }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reporter read the outcome's in-app notice. */
    noticeSeenAt: timestamp('notice_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_queue_idx').on(t.status, t.createdAt),
    index('reports_reported_idx').on(t.reportedId),
    index('reports_reporter_idx').on(t.reporterId),
    uniqueIndex('reports_complaint_key').on(t.complaintId),
    // Reporting the same thing again while the first report waits is the same report.
    uniqueIndex('reports_open_once_key')
      .on(t.reporterId, t.kind, t.reportedId, sql`coalesce(${t.messageId}, 0)`)
      .where(sql`${t.status} = 'open' and ${t.source} = 'member'`),
  ],
);

/** A warning a member must acknowledge before the member area opens again. */
export const memberWarnings = pgTable(
  'member_warnings',
  {
    id: identityId(),
    userId: memberRef('user_id'),
    reportId: bigint('report_id', { mode: 'number' }).references(() => reports.id),
    reason: text('reason').notNull(),
    /** The moderator's own words, if any, shown under the standard text. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [index('member_warnings_pending_idx').on(t.userId).where(sql`${t.acknowledgedAt} is null`)],
);

/**
 * A suspension (users.status 'disabled' by a moderator), with the status it replaced, so lifting it
 * gives back exactly what the member had. Kept after it is lifted.
 */
export const memberSuspensions = pgTable(
  'member_suspensions',
  {
    id: identityId(),
    userId: memberRef('user_id'),
    reportId: bigint('report_id', { mode: 'number' }).references(() => reports.id),
    previousStatus: text('previous_status', { enum: ['not_confirmed', 'active'] }).notNull(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    // One suspension in force per member.
    uniqueIndex('member_suspensions_active_key').on(t.userId).where(sql`${t.liftedAt} is null`),
  ],
);
