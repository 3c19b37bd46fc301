import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { GENDERS } from '../profile-options.ts';
import { ChatImageSchema, type ChatImageSize, MessageFieldsSchema, withContentRules } from './chat.ts';
import { multilineText } from './text.ts';

/**
 * How long a claim holds without the operator typing: long enough to read the history and think,
 * short enough that a member is not left waiting behind an operator who walked away. Typing (and
 * the answer itself) renews it.
 */
export const OPERATOR_CLAIM_MS = 3 * 60_000;
/** The queue's page. */
export const OPERATOR_QUEUE_PAGE = 50;
/** A note about what "the profile" told a member: a few paragraphs. */
const OPERATOR_NOTE_MAX_CHARS = 4000;

const Id = z.coerce.number().int().positive();
const Ref = z.object({ id: z.number().int().positive() });

/** The queue's filters, shared by the queue's read and "claim next". */
const OperatorQueueFilterSchema = z.object({
  /** A fictional profile's member id. */
  profile: Id.optional(),
  /** The waiting member's language. */
  language: z.enum(LOCALES).optional(),
  /** The waiting member's country (ISO 3166-1 alpha-2). */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
});
export type OperatorQueueFilter = z.infer<typeof OperatorQueueFilterSchema>;

/** GET /api/admin/operator-queue.php: oldest wait first; `after` is the last page's next_cursor. */
export const OperatorQueueQuerySchema = OperatorQueueFilterSchema.extend({
  after: z
    .string()
    .regex(/^\d+:\d+$/)
    .optional(),
});
export type OperatorQueueQuery = z.infer<typeof OperatorQueueQuerySchema>;

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });

const OperatorQueueItemSchema = z.object({
  conversation: Ref,
  /** ISO 8601: since when the member waits. */
  waiting_since: z.string(),
  profile: PersonSchema,
  member: PersonSchema.extend({ language: z.string(), country: z.string() }),
  /** Someone holds a live claim on it (the caller: `mine`). */
  claimed: z.boolean(),
  mine: z.boolean(),
  /**
   * ISO 8601: when the claim ends unless its operator goes on typing (null: not claimed). An
   * expiry is no event on the back office's socket, so an open queue reads itself again then.
   */
  claim_expires_at: z.string().nullable(),
});
export type OperatorQueueItem = z.infer<typeof OperatorQueueItemSchema>;

export const OperatorQueuePageSchema = z.object({
  items: z.array(OperatorQueueItemSchema),
  next_cursor: z.string().nullable(),
  /** The server's time, so the page counts the waits from it and not from the browser's clock. */
  now: z.string(),
});
export type OperatorQueuePage = z.infer<typeof OperatorQueuePageSchema>;

/**
 * POST /api/admin/operator-claim.php: a named conversation, or the oldest waiting one the filters
 * allow ("claim next"). A claim held before by the caller is let go: one conversation at a time.
 */
export const OperatorClaimInputSchema = OperatorQueueFilterSchema.extend({
  conversation: Ref.optional(),
});
export type OperatorClaimInput = z.infer<typeof OperatorClaimInputSchema>;

export const OperatorClaimSchema = z.object({
  conversation: Ref,
  /** ISO 8601; typing and answering move it on. */
  expires_at: z.string(),
});
export type OperatorClaim = z.infer<typeof OperatorClaimSchema>;

/** Release, typing: the claimed conversation. */
export const OperatorConversationInputSchema = z.object({ conversation: Ref });

/**
 * POST /api/admin/operator-reply.php: a text, a gift or an uploaded photo (operator-photo.php), as
 * the fictional profile, in the claimed conversation, once per client id: a member's message in
 * everything but the target.
 */
export const OperatorReplyInputSchema = withContentRules(MessageFieldsSchema.extend({ conversation: Ref }));
export type OperatorReplyInput = z.infer<typeof OperatorReplyInputSchema>;

/**
 * POST /api/admin/operator-photo.php, multipart/form-data: the claimed conversation in
 * `conversation`, then the file in `photo` (fields before the file, as a FormData sends them). The
 * answer is the chat's upload answer; the photo is then sent with operator-reply.php, kind image.
 */
export const OperatorPhotoFieldsSchema = z.object({ conversation: Id });

/** The same form for the API document, where the file is a binary field. */
export const OperatorPhotoFormSchema = z
  .object({
    conversation: z.string(),
    photo: z.string().meta({ format: 'binary', description: 'The image file' }),
  })
  .nullish();

/** POST /api/admin/operator-note.php: the note of the conversation's member and profile. */
export const OperatorNoteInputSchema = z.object({
  conversation: Ref,
  body: multilineText().max(OPERATOR_NOTE_MAX_CHARS, { error: 'note_too_long' }),
});

const OperatorPhotoSchema = z.object({ id: z.number().int(), thumb: z.string(), medium: z.string() });

const OperatorPersonViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.enum(GENDERS),
  birth_date: z.string(),
  city: z.string().nullable(),
  country: z.string(),
  language: z.string(),
  about: z.string().nullable(),
  photos: z.array(OperatorPhotoSchema),
});

const OperatorMessageSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  /** Who wrote it: the member, or the profile (an operator's answer or not). */
  from: z.enum(['member', 'profile']),
  kind: z.enum(['text', 'image', 'gift']),
  body: z.string(),
  gift: z.string().nullable(),
  /**
   * A photo message's image through the back office's route (operatorChatImageUrl): only for the
   * operator holding the conversation's live claim, and admins; null for anyone else and for text.
   */
  image: ChatImageSchema.nullable(),
  credits: z.number().int(),
  created_at: z.string(),
});

export type OperatorMessage = z.infer<typeof OperatorMessageSchema>;

/** GET /api/admin/operator-conversation.php?conversation=: the operator's screen of one conversation. */
export const OperatorConversationSchema = z.object({
  conversation: Ref,
  waiting_since: z.string().nullable(),
  member: OperatorPersonViewSchema.extend({ credits: z.number().int() }),
  profile: OperatorPersonViewSchema,
  messages: z.array(OperatorMessageSchema),
  note: z.object({ body: z.string(), updated_at: z.string().nullable() }),
  /** The caller's live claim, or null (then the screen only reads). */
  claim: OperatorClaimSchema.nullable(),
  /** The icebreakers members have, in the member's language: one can be taken into the reply. */
  icebreakers: z.array(z.string()),
});
export type OperatorConversation = z.infer<typeof OperatorConversationSchema>;

export const OperatorConversationQuerySchema = z.object({ conversation: Id });

/** GET /api/admin/operator-chat-image.php: a photo sent in an operated conversation. */
export const OperatorChatImageQuerySchema = z.object({
  id: Id,
  size: z.enum(['medium', 'large'] satisfies ChatImageSize[]).default('large'),
});

export const operatorChatImageUrl = (id: number, size: ChatImageSize) =>
  `/api/admin/operator-chat-image.php?id=${id}&size=${size}`;

/** GET /api/admin/operator-stats.php: the last `days` days, per operator and per profile. */
export const OperatorStatsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export type OperatorStatsQuery = z.infer<typeof OperatorStatsQuerySchema>;
/** The periods the figures' page offers; the API takes any number of days up to a year. */
export const OPERATOR_STATS_PERIODS = [7, 30, 90] as const;

const FiguresSchema = z.object({
  replies: z.number().int(),
  conversations: z.number().int(),
  /** Seconds from the claim to the answer. */
  median_seconds: z.number().nullable(),
  p90_seconds: z.number().nullable(),
  /** Credits the members spent in these conversations after an answer, until the next one. */
  credits_after: z.number().int(),
});

export const OperatorStatsSchema = z.object({
  days: z.number().int(),
  operators: z.array(FiguresSchema.extend({ staff: PersonSchema })),
  profiles: z.array(FiguresSchema.extend({ profile: PersonSchema })),
});
export type OperatorStats = z.infer<typeof OperatorStatsSchema>;
