import { z } from 'zod';

/** The path of the one WebSocket a browser tab opens. */
export const REALTIME_PATH = '/api/realtime';

/**
 * Close codes of the real-time socket. 4000–4999 are the application's own (RFC 6455 §7.4.2); the
 * client reconnects after anything but SESSION_ENDED, and after REPLACED only once its tab is shown
 * again.
 */
export const REALTIME_CLOSE = {
  /** The session behind the socket was revoked, expired or its account closed: do not reconnect. */
  sessionEnded: 4001,
  /** The client sent too many messages that were not valid client events. */
  tooManyInvalid: 4002,
  /**
   * The session or member opened more sockets than REALTIME_LIMITS allows and this was the oldest.
   * Reconnecting at once would close another tab, which would do the same: the tab waits until the
   * member looks at it again.
   */
  replaced: 4003,
  /** The client kept sending frames faster than REALTIME_LIMITS.framesPerSecond. */
  flooding: 4004,
} as const;

const MemberRefSchema = z.object({ id: z.number().int().positive() });

// Events carry ids, never documents: a client reads what it needs (and a bus payload stays small).
export const ServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), userId: z.number().int().positive() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('credits'), balance: z.number().int().nonnegative() }),
  z.object({ type: z.literal('session_ended') }),
  z.object({ type: z.literal('like'), from: MemberRefSchema }),
  z.object({ type: z.literal('match'), with: MemberRefSchema }),
  // A message was stored in a conversation of the member (sent by them or to them): the tab reads
  // what it has not got (GET /api/chat.php?after_seq=) and the list.
  z
    .object({
      type: z.literal('message'),
      conversation: z.object({ id: z.number().int().positive() }),
      seq: z.number().int().positive(),
    })
    .describe(
      'A message was stored and charged in a conversation of the member (sent by them, from another tab, or to them). Read GET /api/chat.php?conversation={id}&after_seq={the last seq the tab has} and GET /api/chats.php.',
    ),
  // The partner is typing in a conversation: shown for a few seconds, never stored.
  z
    .object({
      type: z.literal('typing'),
      conversation: z.object({ id: z.number().int().positive() }),
      from: MemberRefSchema,
    })
    .describe(
      'The partner is typing in the conversation (POST /api/chat-typing.php, at most every 3 s): show it for a few seconds. Never stored.',
    ),
  // What the conversation allows changed (the partner confirmed their address, a block between the
  // two was placed or lifted): an open conversation reads itself again, its refusal and the card.
  z
    .object({
      type: z.literal('partner_changed'),
      conversation: z.object({ id: z.number().int().positive() }),
    })
    .describe(
      'What the conversation allows changed: the partner confirmed their e-mail address (they can be answered now), or one of the two blocked the other or lifted the block. Read GET /api/chat.php?conversation={id} again (send_refusal, profile; 404 once a block took it away, you_blocked_member for the blocker) and GET /api/chats.php.',
    ),
  // A conversation partner came online (opened the site) or went offline (closed its last tab).
  z
    .object({
      type: z.literal('presence'),
      member: MemberRefSchema,
      online: z.boolean(),
    })
    .describe(
      'A partner of one of your conversations came online (a tab of theirs opened) or went offline (their last tab closed). Never sent of a member you may not see (invisible, not confirmed, leaving) nor across a block. Read GET /api/chats.php again, or show the partner as the event says.',
    ),
  // `reader` read the conversation up to `seq`: the reader's other tabs clear its unread count.
  z
    .object({
      type: z.literal('read'),
      conversation: z.object({ id: z.number().int().positive() }),
      reader: MemberRefSchema,
      seq: z.number().int().nonnegative(),
    })
    .describe(
      "The reader read the conversation up to seq (POST /api/chat-read.php): sent to the reader's tabs (clear its unread count), and to the partner only while the reader shows read receipts in that conversation and is not invisible. seq 0: the reader stopped showing them (PUT /api/chat-settings.php).",
    ),
]);
export type ServerEvent = z.infer<typeof ServerEventSchema>;
type ServerEventType = ServerEvent['type'];
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

export const ClientEventSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type ClientEvent = z.infer<typeof ClientEventSchema>;

/** Parses one text frame; undefined for anything that is not a known event of that direction. */
export function parseEvent<T>(schema: z.ZodType<T>, text: string): T | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
