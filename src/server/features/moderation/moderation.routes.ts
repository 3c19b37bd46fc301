import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  ModerationDecisionSchema,
  NoticeIdInputSchema,
  PhotoImageQuerySchema,
  PhotoQueueSchema,
  ProfileNoticesSchema,
  TextDecisionResultSchema,
  TextModerationDecisionSchema,
  TextQueueSchema,
} from '../../../shared/contracts/moderation.ts';
import type { AppServices } from '../../services.ts';
import { sendStoredImage } from '../media/media.reply.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import { auditActorOf, registerBackOfficeRequests, requireStaff } from '../staff/staff-request.ts';
import { presentNotice, presentPhotoQueue, presentTextQueue } from './moderation.presenter.ts';
import {
  decidePhoto,
  decideText,
  dismissNotice,
  findQueuedPhotoKey,
  listOwnNotices,
  listPhotoQueue,
  listTextQueue,
} from './moderation.service.ts';

/** The moderators' queues under /api/admin (staff session and CSRF), and the member's notices. */
export function moderationRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(moderationStaffRoutes(services));
    await app.register(moderationMemberRoutes(services));
  };
}

/**
 * The moderators' routes. Each declares its right (`config.right`): a staff person without it is
 * refused before the input is validated; the services ask the policy again with what they load.
 */
function moderationStaffRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    registerBackOfficeRequests(app, services);

    app.get(
      '/api/admin/moderation-photos.php',
      {
        config: { actor: 'staff', right: 'moderation.photos' },
        schema: {
          tags: ['admin'],
          summary: 'Photos waiting for a moderator, oldest first (moderators and admins)',
          response: { 200: PhotoQueueSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return presentPhotoQueue(await listPhotoQueue(services, request.viewer));
      },
    );

    app.get(
      '/api/admin/moderation-photo-image.php',
      {
        config: { actor: 'staff', right: 'moderation.photos' },
        schema: {
          tags: ['admin'],
          summary: "A photo's image for the moderators' preview, whatever its status (moderators and admins)",
          querystring: PhotoImageQuerySchema,
        },
      },
      async (request, reply) => {
        const storageKey = await findQueuedPhotoKey(services, request.viewer, request.query.id);
        const key = photoFileKey(storageKey, request.query.size);
        return sendStoredImage(services, request, reply, {
          key,
          etag: `"${key.split('/').at(-1)}"`,
          cacheControl: 'private, no-store',
        });
      },
    );

    app.post(
      '/api/admin/moderation-photo.php',
      {
        config: { actor: 'staff', right: 'moderation.photos' },
        schema: {
          tags: ['admin'],
          summary:
            'Approve or reject a waiting photo, with a reason from the list and optional words to the member ' +
            '(moderators and admins); 404 when it is gone or already decided',
          body: ModerationDecisionSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        const session = await requireStaff(request);
        await decidePhoto(services, request.viewer, auditActorOf(session, request), request.body);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/moderation-texts.php',
      {
        config: { actor: 'staff', right: 'moderation.texts' },
        schema: {
          tags: ['admin'],
          summary: 'Changed profile texts (before and after) waiting for a moderator, oldest first',
          response: { 200: TextQueueSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return presentTextQueue(await listTextQueue(services, request.viewer));
      },
    );

    app.post(
      '/api/admin/moderation-text.php',
      {
        config: { actor: 'staff', right: 'moderation.texts' },
        schema: {
          tags: ['admin'],
          summary:
            'Keep a changed text, or reject it: the text before comes back (a name taken meanwhile is ' +
            'emptied for the member to choose anew; a text changed since stays) and the member is told ' +
            'why; `undone` says which (moderators and admins); 404 when it is gone or already decided',
          body: TextModerationDecisionSchema,
          response: { 200: TextDecisionResultSchema },
        },
      },
      async (request) => {
        const session = await requireStaff(request);
        const undone = await decideText(
          services,
          request.viewer,
          auditActorOf(session, request),
          request.body,
        );
        return { ok: true as const, undone };
      },
    );
  };
}

function moderationMemberRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile-notices.php',
      {
        schema: {
          tags: ['profile'],
          summary: "What moderators decided about the member's photos and texts, not yet dismissed",
          response: { 200: ProfileNoticesSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { notices: (await listOwnNotices(services.db, request.viewer)).map(presentNotice) };
      },
    );

    app.post(
      '/api/profile-notice-dismiss.php',
      {
        schema: {
          tags: ['profile'],
          summary: 'Dismiss one of your moderation notices',
          body: NoticeIdInputSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        await dismissNotice(services, request.viewer, request.body.id);
        return { ok: true as const };
      },
    );
  };
}
