import { z } from 'zod';
import { MemberCardSchema } from './members.ts';
import { multilineText } from './text.ts';

/** Messages per page of older messages (GET /api/chat.php?before_seq=). */
export const CHAT_PAGE_SIZE = 50;
/** Messages at most in one answer to ?after_seq= (a client that missed more asks again). */
export const CHAT_CATCH_UP_SIZE = 500;
/** The hard bound of a text on the wire; the domain's message_length is the real one. */
const MESSAGE_MAX_CHARS = 10_000;
/** Characters of the last message shown in the conversation list. */
export const PREVIEW_CHARS = 120;

const Id = z.number().int().positive();
const Ref = z.object({ id: Id });

export const MessageKindSchema = z.enum(['text', 'image', 'gift']);
export type MessageKind = z.infer<typeof MessageKindSchema>;

/**
 * What a message is, whoever sends it (a member here, an operator as a fictional profile in
 * operators.ts): `client_id` makes a resend the same message, the first answer again, never a
 * second charge. A text has its `body`; a gift names the `gift` (a note in `body` is optional); an
 * image names the `image` the sender uploaded for it.
 */
export const MessageFieldsSchema = z.object({
  client_id: z.uuid(),
  kind: MessageKindSchema.default('text'),
  body: multilineText().max(MESSAGE_MAX_CHARS, { error: 'message_too_long' }).default(''),
  gift: Ref.optional(),
  image: Ref.optional(),
});

type MessageFields = z.output<typeof MessageFieldsSchema>;

/**
 * The rules of a message's content, on a schema made from MessageFieldsSchema: zod refuses to
 * extend a refined object, so each send's schema extends the fields first and then takes these.
 */
export function withContentRules<T extends z.ZodType<MessageFields, z.input<typeof MessageFieldsSchema>>>(
  schema: T,
): T {
  return schema
    .refine((input) => input.kind !== 'text' || input.body.trim() !== '', {
      error: 'message_required',
      path: ['body'],
    })
    .refine((input) => (input.kind === 'gift') === (input.gift !== undefined), {
      error: 'invalid_request',
      path: ['gift'],
    })
    .refine((input) => (input.kind === 'image') === (input.image !== undefined), {
      error: 'invalid_request',
      path: ['image'],
    });
}

/**
 * POST /api/chat-message.php: a message to a member (`to`, the first message creates the
 * conversation) or in a conversation.
 */
export const SendMessageInputSchema = withContentRules(
  MessageFieldsSchema.extend({ to: Ref.optional(), conversation: Ref.optional() }).refine(
    (input) => (input.to === undefined) !== (input.conversation === undefined),
    { error: 'invalid_request' },
  ),
);
/** What a client sends: `kind` defaults to text, `body` to empty. */
export type SendMessageInput = z.input<typeof SendMessageInputSchema>;

/**
 * A chat image: `url` the large size, `thumb_url` the medium one the bubble shows (chatImageUrl),
 * served only to its uploader and the two members of the conversation it was sent in.
 */
export const ChatImageSchema = z.object({
  id: Id,
  url: z.string(),
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type ChatImage = z.infer<typeof ChatImageSchema>;

const ChatMessageSchema = z.object({
  id: Id,
  conversation: Ref,
  seq: Id,
  sender: Ref,
  kind: MessageKindSchema,
  /** A text; a gift's note ('' without one); an image's caption (''). Blank after erasure. */
  body: z.string(),
  /** A gift message's gift, named in the caller's language. */
  gift: z.object({ id: Id, slug: z.string(), name: z.string() }).nullable(),
  /** An image message's picture: addresses only the conversation's two members can open. */
  image: ChatImageSchema.nullable(),
  client_id: z.string(),
  /** Credits charged for it (what the sender paid; 0 for messages the caller received). */
  credits: z.number().int().nonnegative(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const SendMessageResponseSchema = z.object({
  message: ChatMessageSchema,
  /** After a text: the free messages (landing flow) the caller has left to this partner. */
  free_messages_left: z.number().int().nonnegative().optional(),
});
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;

/** Why the caller cannot write in this conversation now (an error code with its text), or null. */
const SendRefusalSchema = z
  .enum([
    'conversation_limit_reached',
    'partner_not_confirmed',
    'partner_pending_deletion',
    'partner_unavailable',
  ])
  .nullable();
export type SendRefusal = z.infer<typeof SendRefusalSchema>;

const ChatEntrySchema = z.object({
  conversation: Ref,
  profile: MemberCardSchema,
  num_unread_messages: z.number().int().nonnegative(),
  /** The partner deleted the account (and may still reactivate it): the list says so, nobody writes. */
  partner_leaving: z.boolean(),
  /**
   * The partner has the site open now (a real-time socket on any instance). Always false for a
   * partner the caller may not know it of: invisible, not confirmed, leaving.
   */
  partner_online: z.boolean(),
  last_message: z
    .object({
      sender: Ref,
      kind: MessageKindSchema,
      /** The start of the text (PREVIEW_CHARS); a gift's name; '' for an image. */
      preview: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type ChatEntry = z.infer<typeof ChatEntrySchema>;

/** GET /api/chats.php: the caller's conversations, newest activity first. */
export const ChatsResponseSchema = z.object({ chats: z.array(ChatEntrySchema) });
export type ChatsResponse = z.infer<typeof ChatsResponseSchema>;

/**
 * GET /api/chat.php: by `conversation` (/chats/{id}) or by `member` (/members/{id}/chat, where the
 * conversation may not exist yet). Without a seq: the newest page; `after_seq`: what came after
 * (a reconnect), `before_seq`: the page before (scrolling up).
 */
export const ChatQuerySchema = z
  .object({
    conversation: z.coerce.number().int().positive().optional(),
    member: z.coerce.number().int().positive().optional(),
    after_seq: z.coerce.number().int().nonnegative().optional(),
    before_seq: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => (q.conversation === undefined) !== (q.member === undefined), { error: 'invalid_request' })
  .refine((q) => q.after_seq === undefined || q.before_seq === undefined, { error: 'invalid_request' });

export const ChatResponseSchema = z.object({
  /** null: no message yet between the two (the first one creates it). */
  conversation: Ref.nullable(),
  profile: MemberCardSchema,
  /** Ascending seq. */
  messages: z.array(ChatMessageSchema),
  /** There are messages before the first one sent (scroll up for them). */
  has_older: z.boolean(),
  /** Older messages exist but are past retention (LIMITS.chatRetentionDays): never sent again. */
  older_hidden: z.boolean(),
  /** There are messages after the last one sent (an ?after_seq= answer that was cut). */
  has_newer: z.boolean(),
  send_refusal: SendRefusalSchema,
  /**
   * A free member before the first message of this conversation: how many conversations they may
   * still start (LIMITS.freeConversations in all; 0: this one would be over the limit). null for
   * premium members and in a conversation that exists.
   */
  conversations_left: z.number().int().nonnegative().nullable(),
  /** The credits a text costs here (settings.message_credits). */
  message_credits: z.number().int().nonnegative(),
  /**
   * Texts the caller may still send this partner for free (the landing flow's, given at sign-up on
   * the partner's entry page): while above 0 a text costs nothing.
   */
  free_messages_left: z.number().int().nonnegative(),
  /** The credits a photo costs here (settings.photo_credits). */
  photo_credits: z.number().int().nonnegative(),
  /** The caller shows the partner what they read here (their choice per conversation). */
  read_receipts: z.boolean(),
  /** The partner read up to this seq; null where the partner does not show it (or is invisible). */
  partner_read_seq: z.number().int().nonnegative().nullable(),
  /**
   * The caller may open the partner's profile: false while the partner is invisible, has not
   * confirmed their address or is leaving (the conversation goes on; the profile is not shown).
   */
  profile_viewable: z.boolean(),
  /**
   * The back office hid the partner's profile (a report's outcome, a fictional profile hidden): the
   * conversation stays readable, their profile is no longer available (and not linked).
   */
  partner_unavailable: z.boolean(),
  /** As the list's partner_online: false for a partner the caller may not know it of. */
  partner_online: z.boolean(),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** The sizes of a chat image that are served (the pipeline's medium and large). */
export type ChatImageSize = 'medium' | 'large';
/**
 * Where a chat image is served: a route that answers only the two members of the image's
 * conversation (and the uploader), never the public media path or the CDN.
 */
export const chatImageUrl = (id: number, size: ChatImageSize) => `/media/chat/${id}/${size}.webp`;

/** POST /api/chat-read.php: the caller read up to `seq`. */
export const ChatReadInputSchema = z.object({ conversation: Ref, seq: z.number().int().nonnegative() });
/** POST /api/chat-typing.php: the caller is typing in a conversation (sent at most every 3 s; never stored). */
export const ChatTypingInputSchema = z.object({ conversation: Ref });
/** How often a typing member tells the partner, and how long the partner shows it after the last. */
export const TYPING_SEND_EVERY_MS = 3_000;
export const TYPING_SHOWN_FOR_MS = 5_000;

/** GET /api/chat-spend.php?conversation=: what the caller spent in that conversation. */
export const ChatSpendQuerySchema = z.object({ conversation: z.coerce.number().int().positive() });
export const ChatSpendResponseSchema = z.object({
  total_credits: z.number().int().nonnegative(),
  by_kind: z.array(
    z.object({
      kind: MessageKindSchema,
      messages: z.number().int().nonnegative(),
      credits: z.number().int().nonnegative(),
    }),
  ),
  /** ISO 8601; null before the first paid message. */
  first_at: z.string().nullable(),
  last_at: z.string().nullable(),
});
export type ChatSpendResponse = z.infer<typeof ChatSpendResponseSchema>;

/** PUT /api/chat-settings.php: the caller's choices for one conversation. */
export const ChatSettingsInputSchema = z.object({ conversation: Ref, read_receipts: z.boolean() });

/** DELETE /api/chat.php: remove a chat from the caller's list (it stays for the partner). */
export const ChatDeleteInputSchema = z.object({ conversation: Ref });
