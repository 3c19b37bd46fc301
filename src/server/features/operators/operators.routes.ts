import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import { SendMessageResponseSchema } from '../../../shared/contracts/chat.ts';
import { ChatPhotoResponseSchema } from '../../../shared/contracts/chat-photos.ts';
import {
  OperatorChatImageQuerySchema,
  OperatorClaimInputSchema,
  OperatorClaimSchema,
  OperatorConversationInputSchema,
  OperatorConversationQuerySchema,
  OperatorConversationSchema,
  OperatorNoteInputSchema,
  OperatorPhotoFieldsSchema,
  OperatorPhotoFormSchema,
  OperatorQueuePageSchema,
  OperatorQueueQuerySchema,
  OperatorReplyInputSchema,
  OperatorStatsQuerySchema,
  OperatorStatsSchema,
} from '../../../shared/contracts/operators.ts';
import { parseOrFail } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { presentChatImage, presentMessage } from '../chat/chat.presenter.ts';
import { sendStoredImage } from '../media/media.reply.ts';
import { readPhotoUpload, registerPhotoMultipart, uploadsDir } from '../photos/photos.upload.ts';
import { settingsFor } from '../settings/settings.service.ts';
import { auditActorOf, registerBackOfficeRequests, requireStaff } from '../staff/staff-request.ts';
import { presentOperatorConversation, presentQueue, presentStats } from './operators.presenter.ts';
import { readOperatedChatImage, readOperatorConversation, readOperatorStats } from './operators.read.ts';
import {
  claimConversation,
  readQueue,
  releaseClaim,
  replyAsProfile,
  saveNote,
  typeAsProfile,
  uploadPhotoAsProfile,
} from './operators.service.ts';

/**
 * The operators' API under /api/admin. Each route declares its right (`config.right`): the policy
 * refuses a staff person without it before the input is validated (a moderator learns nothing from
 * a 400).
 */
export function operatorsRoutes(services: AppServices): FastifyPluginAsyncZod {
  /** The staff person the route's hook admitted, as the audit names them. */
  async function staffActor(request: FastifyRequest) {
    const session = await requireStaff(request);
    return { ...auditActorOf(session, request), staffId: session.staff.id };
  }
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  return async (app) => {
    registerBackOfficeRequests(app, services);

    app.get(
      '/api/admin/operator-queue.php',
      {
        config: { actor: 'staff', right: 'operators.queue' },
        schema: {
          tags: ['admin'],
          summary: "Conversations waiting for a fictional profile's answer, oldest wait first (operators)",
          querystring: OperatorQueueQuerySchema,
          response: { 200: OperatorQueuePageSchema },
        },
      },
      async (request, reply) => {
        const actor = await staffActor(request);
        const query = request.query;
        noStore(reply);
        return presentQueue(await readQueue(services, query), actor.staffId, services.now());
      },
    );

    app.post(
      '/api/admin/operator-claim.php',
      {
        config: { actor: 'staff', right: 'operators.reply' },
        schema: {
          tags: ['admin'],
          summary: 'Claim a waiting conversation, or the oldest one the filters allow (operators)',
          body: OperatorClaimInputSchema.optional(),
          response: { 200: OperatorClaimSchema },
        },
      },
      async (request) => {
        const actor = await staffActor(request);
        const input = request.body ?? {};
        const claim = await claimConversation(services, actor, input);
        return { conversation: { id: claim.conversationId }, expires_at: claim.expiresAt.toISOString() };
      },
    );

    app.post(
      '/api/admin/operator-release.php',
      {
        config: { actor: 'staff', right: 'operators.reply' },
        schema: {
          tags: ['admin'],
          summary: 'Let a claimed conversation go (operators)',
          body: OperatorConversationInputSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        const actor = await staffActor(request);
        const { conversation } = request.body;
        await releaseClaim(services, actor, conversation.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/operator-typing.php',
      {
        config: { actor: 'staff', right: 'operators.reply' },
        schema: {
          tags: ['admin'],
          summary:
            'The operator types: the claim holds on and the member sees the profile typing (operators)',
          body: OperatorConversationInputSchema,
          response: { 200: OperatorClaimSchema },
        },
      },
      async (request) => {
        const actor = await staffActor(request);
        const { conversation } = request.body;
        const claim = await typeAsProfile(services, actor.staffId, conversation.id);
        return { conversation, expires_at: claim.expiresAt.toISOString() };
      },
    );

    app.post(
      '/api/admin/operator-reply.php',
      {
        config: { actor: 'staff', right: 'operators.reply' },
        schema: {
          tags: ['admin'],
          summary: "Answer as the conversation's fictional profile, within a live claim (operators)",
          body: OperatorReplyInputSchema,
          response: { 200: SendMessageResponseSchema },
        },
      },
      async (request) => {
        const actor = await staffActor(request);
        const input = request.body;
        const settings = await settingsFor(services, request.ctx);
        const message = await replyAsProfile(services, actor, input, {
          // A fictional profile pays nothing (the chat's send prices its messages at 0).
          messageCredits: 0,
          photoCredits: 0,
          giftCredits: 0,
          messageLength: settings.message_length,
        });
        return { message: presentMessage(message, message.senderId, request.ctx.locale) };
      },
    );

    // Multipart in a scope of its own: the other routes take JSON only.
    await app.register(async (photos) => {
      await registerPhotoMultipart(photos);
      photos.post(
        '/api/admin/operator-photo.php',
        {
          config: { actor: 'staff', right: 'operators.reply' },
          schema: {
            tags: ['admin'],
            summary:
              'Upload a photo to answer with as the fictional profile, within a live claim (operators)',
            description:
              'multipart/form-data: the claimed conversation in `conversation`, then the file in `photo` ' +
              '(the checks of /api/chat-photo.php). Send it with POST /api/admin/operator-reply.php ' +
              "`{ kind: 'image', image: { id } }`. Refusals: claim_required 409, and those of a chat photo.",
            consumes: ['multipart/form-data'],
            // For the document only: the parts are read as a stream, so there is no parsed body to check.
            body: OperatorPhotoFormSchema,
            response: { 200: ChatPhotoResponseSchema },
          },
        },
        async (request) => {
          const actor = await staffActor(request);
          const { photo, dispose, fields } = await readPhotoUpload(photos, request, {
            file: 'photo',
            fields: ['conversation'],
            tooMany: 'Send one photo and the field conversation.',
            dir: uploadsDir(services.env.dataDir),
          });
          try {
            const { conversation } = parseOrFail(OperatorPhotoFieldsSchema, fields);
            const image = await uploadPhotoAsProfile(services, actor.staffId, conversation, photo);
            return { image: presentChatImage(image) };
          } finally {
            await dispose();
          }
        },
      );
    });

    app.get(
      '/api/admin/operator-conversation.php',
      {
        config: { actor: 'staff', right: 'operators.queue' },
        schema: {
          tags: ['admin'],
          summary:
            "A conversation as the operator answers it: both people, the history, the pair's note (operators)",
          querystring: OperatorConversationQuerySchema,
          response: { 200: OperatorConversationSchema },
        },
      },
      async (request, reply) => {
        const actor = await staffActor(request);
        const { conversation } = request.query;
        noStore(reply);
        const view = await readOperatorConversation(services, request.viewer, actor, conversation);
        return presentOperatorConversation(view, services.translations);
      },
    );

    app.get(
      '/api/admin/operator-chat-image.php',
      {
        config: { actor: 'staff', right: 'operators.queue' },
        schema: {
          tags: ['admin'],
          summary:
            'A photo sent in an operated conversation, for the operator holding its claim and admins; ' +
            'each read is audited',
          description:
            'Refusals: photo_claim_required 403 (an operator without the live claim), not_found 404 (no ' +
            'such photo in an operated conversation).',
          querystring: OperatorChatImageQuerySchema,
        },
        // Before the actor's refusals too: no answer about a member's photo is kept on the way.
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'private, no-store');
        },
      },
      async (request, reply) => {
        const actor = await staffActor(request);
        const { id, size } = request.query;
        const { key, etag } = await readOperatedChatImage(services, request.viewer, actor, id, size);
        return sendStoredImage(services, request, reply, { key, etag, cacheControl: 'private, no-store' });
      },
    );

    app.post(
      '/api/admin/operator-note.php',
      {
        config: { actor: 'staff', right: 'operators.reply' },
        schema: {
          tags: ['admin'],
          summary: "Keep the note of a conversation's member and profile (operators)",
          body: OperatorNoteInputSchema,
          response: { 200: z.object({ body: z.string(), updated_at: z.string() }) },
        },
      },
      async (request) => {
        const actor = await staffActor(request);
        const input = request.body;
        const note = await saveNote(services, actor, input.conversation.id, input.body);
        return { body: note.body, updated_at: note.updatedAt.toISOString() };
      },
    );

    app.get(
      '/api/admin/operator-stats.php',
      {
        config: { actor: 'staff', right: 'operators.stats' },
        schema: {
          tags: ['admin'],
          summary:
            "Each operator's and each profile's answers, times to answer and credits spent afterwards (admins)",
          querystring: OperatorStatsQuerySchema,
          response: { 200: OperatorStatsSchema },
        },
      },
      async (request, reply) => {
        const { days } = request.query;
        noStore(reply);
        return presentStats(await readOperatorStats(services, days));
      },
    );
  };
}
