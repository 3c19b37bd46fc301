import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  ChatDeleteInputSchema,
  ChatQuerySchema,
  ChatReadInputSchema,
  ChatResponseSchema,
  ChatSettingsInputSchema,
  ChatSpendQuerySchema,
  ChatSpendResponseSchema,
  type ChatsResponse,
  ChatsResponseSchema,
  ChatTypingInputSchema,
  SendMessageInputSchema,
  SendMessageResponseSchema,
} from '../../../shared/contracts/chat.ts';
import { authorizeActor } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { settingsFor } from '../settings/settings.service.ts';
import { presentChat, presentChats, presentMessage } from './chat.presenter.ts';
import {
  hideChat,
  listChats,
  type MessageContent,
  markChatRead,
  readChat,
  sendMemberMessage,
  setReadReceipts,
  signalTyping,
} from './chat.service.ts';
import { conversationSpend } from './chat.spend.ts';

/** The caller's chats as GET /api/chats.php answers them (also the list /chats renders first). */
export async function readChats(
  services: AppServices,
  visitor: FastifyRequest['ctx'],
  session: ActiveSession | null,
): Promise<ChatsResponse> {
  const viewer = viewerOf(session);
  authorizeActor(viewer, 'conversation.use');
  const [rows, settings] = await Promise.all([listChats(services, viewer), settingsFor(services, visitor)]);
  return presentChats(
    rows,
    services.now(),
    { visibleFields: settings.visible_profile_fields },
    visitor.locale,
  );
}

export function chatRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/chat-message.php',
      {
        schema: {
          tags: ['chat'],
          summary:
            'Send a text, a gift or an uploaded image to a member (`to`, creating the conversation) or in a conversation; a resend of the same client_id answers the first message and charges once',
          body: SendMessageInputSchema,
          response: { 200: SendMessageResponseSchema },
        },
        // Far above anyone typing (and a reconnect resending what waited), a wall for a script.
        config: {
          actor: 'member',
          rateLimit: { max: 600, timeWindow: '1 minute', per: 'session', countBehind: true },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        const { to, conversation, client_id, kind, body, gift, image } = request.body;
        const settings = await settingsFor(services, request.ctx);
        const target = conversation ? { conversationId: conversation.id } : { to: to?.id ?? 0 };
        const content: MessageContent =
          kind === 'gift'
            ? { kind, body, giftId: gift?.id ?? 0 }
            : kind === 'image'
              ? { kind, body, imageId: image?.id ?? 0 }
              : { kind, body };
        const { message, freeMessagesLeft } = await sendMemberMessage(
          services,
          viewer,
          target,
          { clientId: client_id, content },
          {
            messageCredits: settings.message_credits,
            photoCredits: settings.photo_credits,
            giftCredits: settings.gift_credits,
            messageLength: settings.message_length,
          },
        );
        return {
          message: presentMessage(message, viewer.id, request.ctx.locale),
          ...(freeMessagesLeft === undefined ? {} : { free_messages_left: freeMessagesLeft }),
        };
      },
    );

    app.get(
      '/api/chats.php',
      {
        schema: {
          tags: ['chat'],
          summary: "The caller's conversations, newest activity first, with unread counts",
          response: { 200: ChatsResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => readChats(services, request.ctx, request.memberSession),
    );

    app.get(
      '/api/chat.php',
      {
        schema: {
          tags: ['chat'],
          summary:
            'One conversation (?conversation=) or the one with a member (?member=): the newest messages, ?after_seq= what came after, ?before_seq= the page before',
          description:
            "404 conversation_not_found or member_not_found for an unknown one, another pair's, and one whose partner was erased, disabled or blocked the caller; 403 you_blocked_member (details: the name and id) where the caller blocked the partner, so the page can offer to lift the block.",
          querystring: ChatQuerySchema,
          response: { 200: ChatResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        const q = request.query;
        const by =
          q.conversation !== undefined ? { conversationId: q.conversation } : { memberId: q.member ?? 0 };
        const [view, settings] = await Promise.all([
          readChat(services, viewer, by, { afterSeq: q.after_seq, beforeSeq: q.before_seq }),
          settingsFor(services, request.ctx),
        ]);
        return presentChat(
          view,
          viewer.id,
          services.now(),
          { visibleFields: settings.visible_profile_fields },
          { messageCredits: settings.message_credits, photoCredits: settings.photo_credits },
          request.ctx.locale,
        );
      },
    );

    app.post(
      '/api/chat-read.php',
      {
        schema: {
          tags: ['chat'],
          summary: 'The caller read a conversation up to seq: its unread count follows, on every tab',
          body: ChatReadInputSchema,
          response: { 200: OkSchema },
        },
        config: {
          actor: 'member',
          rateLimit: { max: 600, timeWindow: '1 minute', per: 'session', countBehind: true },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        await markChatRead(services, viewer, request.body.conversation.id, request.body.seq);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/chat-typing.php',
      {
        schema: {
          tags: ['chat'],
          summary: "The caller is typing: the partner's open tabs show it for a few seconds (never stored)",
          body: ChatTypingInputSchema,
          response: { 200: OkSchema },
        },
        // The client sends one every 3 s while typing: 20 a minute, and room for two tabs.
        config: { actor: 'member', rateLimit: { max: 60, timeWindow: '1 minute', per: 'session' } },
      },
      async (request) => {
        const viewer = request.viewer;
        await signalTyping(services, viewer, request.body.conversation.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/chat-spend.php',
      {
        schema: {
          tags: ['chat'],
          summary: 'What the caller spent in one of their conversations, per kind of message',
          querystring: ChatSpendQuerySchema,
          response: { 200: ChatSpendResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        const spend = await conversationSpend(services.db, viewer, request.query.conversation);
        return {
          total_credits: spend.total,
          by_kind: spend.byKind.map(({ kind, count, credits }) => ({ kind, messages: count, credits })),
          first_at: spend.firstAt?.toISOString() ?? null,
          last_at: spend.lastAt?.toISOString() ?? null,
        };
      },
    );

    app.put(
      '/api/chat-settings.php',
      {
        schema: {
          tags: ['chat'],
          summary:
            "The caller's choices for one conversation: whether the partner sees what the caller read (read receipts)",
          body: ChatSettingsInputSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member', rateLimit: { max: 60, timeWindow: '1 minute', per: 'session' } },
      },
      async (request) => {
        const viewer = request.viewer;
        await setReadReceipts(services, viewer, request.body.conversation.id, request.body.read_receipts);
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/chat.php',
      {
        schema: {
          tags: ['chat'],
          summary: "Remove a conversation from the caller's list (it stays for the partner)",
          body: ChatDeleteInputSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        await hideChat(services, viewer, request.body.conversation.id);
        return { ok: true as const };
      },
    );
  };
}
