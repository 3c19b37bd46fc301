import { z } from 'zod';
import { ComplaintSubjectSchema } from './site.ts';
import { multilineText } from './text.ts';

/** Why a member reports a profile or a message; each has its text `reports.reasons.<reason>`. */
export const REPORT_REASONS = [
  'fake_profile',
  'harassment',
  'spam',
  'scam',
  'inappropriate_content',
  'underage',
  'other',
] as const;
const ReportReasonSchema = z.enum(REPORT_REASONS, { error: 'report_reason_required' });
export type ReportReason = z.infer<typeof ReportReasonSchema>;

/** A report's optional words, at most this long. */
export const REPORT_NOTE_MAX = 1000;

const note = multilineText()
  .max(REPORT_NOTE_MAX, { error: 'report_note_too_long' })
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /api/report.php: a profile (from the profile view) or a message (from the conversation). */
export const ReportInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('profile'),
    member_id: z.number().int().positive(),
    reason: ReportReasonSchema,
    note,
  }),
  z.object({
    kind: z.literal('message'),
    message_id: z.number().int().positive(),
    reason: ReportReasonSchema,
    note,
  }),
]);
export type ReportInput = z.infer<typeof ReportInputSchema>;

export const ReportResponseSchema = z.object({ ok: z.literal(true), id: z.number().int() });

/** One message as the evidence froze it. */
const EvidenceMessageSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  senderId: z.number().int(),
  kind: z.string(),
  body: z.string(),
  at: z.string(),
  /** The message the report is about. */
  reported: z.boolean(),
});

/** What a report froze when it was made: the moderator reads this, not what is there now. */
const ReportEvidenceSchema = z.object({
  profile: z
    .object({ name: z.string(), aboutMe: z.string().nullable(), city: z.string().nullable() })
    .nullable(),
  conversationId: z.number().int().nullable(),
  messages: z.array(EvidenceMessageSchema),
  complaint: z
    .object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string() })
    .nullable(),
});
export type ReportEvidence = z.infer<typeof ReportEvidenceSchema>;

/** What staff decide; `lift` ends a suspension (POST /api/admin/suspension-lift.php). */
export const REPORT_OUTCOMES = ['dismiss', 'warn', 'hide', 'suspend'] as const;
const ReportOutcomeSchema = z.enum(REPORT_OUTCOMES);
export type ReportOutcome = z.infer<typeof ReportOutcomeSchema>;

const ReportStatusSchema = z.enum(['open', 'closed']);

/** What a queue row's reason can be: a member's reason, or the complaint form's subject. */
const QUEUE_REASONS = [...new Set([...REPORT_REASONS, ...ComplaintSubjectSchema.options])];

const ReportSourceSchema = z.enum(['member', 'complaint']);

export const ReportQueueQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  reason: z.enum(QUEUE_REASONS).optional(),
  source: ReportSourceSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ReportQueueQuery = z.infer<typeof ReportQueueQuerySchema>;

const PersonSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

const ReportedMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: z.string(),
    hidden: z.boolean(),
    suspended: z.boolean(),
    /** Warnings the member got from moderators, ever. */
    warnings: z.number().int(),
    /** A warning waits for the member to read it at their next visit. */
    warningUnread: z.boolean(),
  })
  .nullable();

const ReportQueueItemSchema = z.object({
  id: z.number().int(),
  source: ReportSourceSchema,
  kind: z.enum(['profile', 'message', 'complaint']),
  reason: z.string(),
  status: ReportStatusSchema,
  outcome: ReportOutcomeSchema.nullable(),
  createdAt: z.string(),
  reporter: PersonSchema,
  reported: ReportedMemberSchema,
});
export type ReportQueueItem = z.infer<typeof ReportQueueItemSchema>;

export const ReportQueueSchema = z.object({
  rows: z.array(ReportQueueItemSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  openCount: z.number().int(),
});
export type ReportQueue = z.infer<typeof ReportQueueSchema>;

export const ReportDetailSchema = ReportQueueItemSchema.extend({
  note: z.string().nullable(),
  evidence: ReportEvidenceSchema,
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** Earlier reports about the same member, for context. */
  reportsAboutMember: z.number().int(),
});
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

export const ReportIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

export const ReportDecisionInputSchema = z.object({
  id: z.number().int().positive(),
  outcome: ReportOutcomeSchema,
  /** For a warning: the moderator's words shown to the member under the standard text. */
  note: multilineText().max(REPORT_NOTE_MAX).optional(),
});
export type ReportDecisionInput = z.infer<typeof ReportDecisionInputSchema>;

export const SuspensionLiftInputSchema = z.object({ member_id: z.number().int().positive() });

/** GET /api/moderation-notices.php: what the member must read (a warning) or may (outcomes). */
export const ModerationNoticesSchema = z.object({
  warning: z
    .object({ id: z.number().int(), reason: z.string(), note: z.string().nullable(), created_at: z.string() })
    .nullable(),
  outcomes: z.array(
    z.object({ id: z.number().int(), outcome: z.enum(['dismissed', 'acted']), decided_at: z.string() }),
  ),
});
export type ModerationNotices = z.infer<typeof ModerationNoticesSchema>;

/** POST /api/moderation-notices.php: the warning acknowledged, or outcome notices read. */
export const ModerationNoticeSeenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('warning'), id: z.number().int().positive() }),
  z.object({ kind: z.literal('outcome'), ids: z.array(z.number().int().positive()).min(1).max(100) }),
]);
