import { z } from 'zod';
import { multilineText } from './text.ts';

/** Why a moderator refuses a photo or a text: a fixed list, told to the member in their language. */
export const MODERATION_REASONS = [
  'nudity',
  'not_a_person',
  'someone_else',
  'contact_details',
  'offensive',
  'commercial',
  'low_quality',
  'other',
] as const;
export const ModerationReasonSchema = z.enum(MODERATION_REASONS);
export type ModerationReason = z.infer<typeof ModerationReasonSchema>;

/**
 * The reasons that fit a profile text: a photo's own (no person in it, someone else, too blurred)
 * would tell the member something that cannot be true of what they wrote.
 */
export const TEXT_MODERATION_REASONS = [
  'nudity',
  'contact_details',
  'offensive',
  'commercial',
  'other',
] as const satisfies readonly ModerationReason[];

/** A moderator's optional words to the member beside the reason. */
export const MODERATION_NOTE_MAX = 500;

/** A moderator's decision: keep it, or refuse it with a reason from the list and optional words. */
const decisionSchema = <R extends z.ZodType<ModerationReason>>(reason: R) =>
  z.discriminatedUnion('outcome', [
    z.object({ id: z.number().int().positive(), outcome: z.literal('approved') }),
    z.object({
      id: z.number().int().positive(),
      outcome: z.literal('rejected'),
      reason,
      note: multilineText()
        .max(MODERATION_NOTE_MAX)
        .transform((value) => value || null)
        .nullish(),
    }),
  ]);
export const ModerationDecisionSchema = decisionSchema(ModerationReasonSchema);
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;
/** A decision on a profile text: its reasons are the ones that fit a text. */
export const TextModerationDecisionSchema = decisionSchema(z.enum(TEXT_MODERATION_REASONS));

/**
 * The answer to a text decision: after an undo, what became of the text: `restored` the text
 * before; `choose_new` a name taken meanwhile, emptied for the member to choose anew; `newer_kept`
 * nothing, as the member had changed it again since.
 */
export const TextDecisionResultSchema = z.object({
  ok: z.literal(true),
  undone: z.enum(['restored', 'choose_new', 'newer_kept']).optional(),
});
export type TextDecisionResult = z.infer<typeof TextDecisionResultSchema>;

/**
 * Whom a queued photo or text belongs to, as much as a moderator needs to judge it (a photo of a
 * child on an adult's profile, a text in a language of another country) and no more: no link, no
 * contact details. Age and country are null for an account without a profile.
 */
const QueuedMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  country: z.string().nullable(),
});
export type QueuedMember = z.infer<typeof QueuedMemberSchema>;

/** A photo in the moderators' queue; its images come from the queue's own address, for staff only. */
const QueuedPhotoSchema = z.object({
  id: z.number().int(),
  member: QueuedMemberSchema,
  private: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
  /** Relative to the site: /api/admin/moderation-photo-image.php?id=…&size=large */
  preview_url: z.string(),
  thumb_url: z.string(),
});
export const PhotoQueueSchema = z.object({
  photos: z.array(QueuedPhotoSchema),
  /** Every photo waiting, beyond this page too. */
  total: z.number().int(),
  /** The server's clock when it answered: the waits are counted from it, not the browser's. */
  now: z.string(),
});
export type PhotoQueue = z.infer<typeof PhotoQueueSchema>;

export const PhotoImageQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  size: z.enum(['thumb', 'medium', 'large']).default('large'),
});

/** What the member is told on /profile about a moderator's decision. */
const ProfileNoticeSchema = z.object({
  id: z.number().int(),
  subject: z.enum(['photo', 'name', 'about_me']),
  /** A refused text: set back, a name to choose anew (taken meanwhile), or nothing (changed since). */
  outcome: z.enum(['approved', 'rejected', 'rejected_choose_new', 'rejected_newer_kept']),
  reason: ModerationReasonSchema.nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type ProfileNotice = z.infer<typeof ProfileNoticeSchema>;
export const ProfileNoticesSchema = z.object({ notices: z.array(ProfileNoticeSchema) });
export const NoticeIdInputSchema = z.object({ id: z.number().int().positive() });

/** A changed text in the moderators' queue: what the member's profile showed before, and shows now. */
const QueuedTextSchema = z.object({
  id: z.number().int(),
  member: QueuedMemberSchema,
  field: z.enum(['name', 'about_me']),
  before: z.string().nullable(),
  after: z.string().nullable(),
  created_at: z.string(),
});
export const TextQueueSchema = z.object({
  texts: z.array(QueuedTextSchema),
  total: z.number().int(),
  /** The server's clock when it answered: the waits are counted from it, not the browser's. */
  now: z.string(),
});
export type TextQueue = z.infer<typeof TextQueueSchema>;
export type QueuedText = z.infer<typeof QueuedTextSchema>;
