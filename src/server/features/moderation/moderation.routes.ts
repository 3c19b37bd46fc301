import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  ModerationDecisionSchema,
  NoticeIdInputSchema,
  PhotoImageQuerySchema,
  PhotoQueueSchema,
  ProfileNoticesSchema,
  TextQueueSchema,
} from '../../../shared/contracts/moderation.ts';
import { parseOrFail } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { AppServices } from '../../services.ts';
import { sendStoredImage } from '../media/media.reply.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import {
  auditActorOf,
  registerBackOfficeRequests,
  requireStaff,
  staffViewerOf,
} from '../staff/staff-request.ts';
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
    await app.register(moderationAdminRoutes(services));
    await app.register(moderationTextRoutes(services));
    await app.register(moderationMemberRoutes(services));
  };
}

function moderationAdminRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    registerBackOfficeRequests(app, services);

    app.get(
      '/api/admin/moderation-photos.php',
      {
        schema: {
          tags: ['admin'],
          summary: 'Photos waiting for a moderator, oldest first (moderators and admins)',
          response: { 200: PhotoQueueSchema },
        },
      },
      async (request, reply) => {
        const viewer = staffViewerOf(await requireStaff(request));
        reply.header('cache-control', 'no-store');
        return presentPhotoQueue(await listPhotoQueue(services, viewer));
      },
    );

    app.get(
      '/api/admin/moderation-photo-image.php',
      {
        schema: {
          tags: ['admin'],
          summary: "A photo's image for the moderators' preview, whatever its status (moderators and admins)",
          querystring: PhotoImageQuerySchema,
        },
      },
      async (request, reply) => {
        const viewer = staffViewerOf(await requireStaff(request));
        const storageKey = await findQueuedPhotoKey(services, viewer, request.query.id);
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
        schema: {
          tags: ['admin'],
          summary:
            'Approve or reject a waiting photo, with a reason from the list and optional words to the member ' +
            '(moderators and admins); 404 when it is gone or already decided',
          // Parsed after the role check: an operator learns nothing from a 400.
          body: z.unknown(),
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        const session = await requireStaff(request);
        const viewer = staffViewerOf(session);
        authorize(viewer, 'moderation.photos');
        const decision = parseOrFail(ModerationDecisionSchema, request.body);
        await decidePhoto(services, viewer, auditActorOf(session, request), decision);
        return { ok: true as const };
      },
    );
  };
}

function moderationTextRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    registerBackOfficeRequests(app, services);

    app.get(
      '/api/admin/moderation-texts.php',
      {
        schema: {
          tags: ['admin'],
          summary: 'Changed profile texts (before and after) waiting for a moderator, oldest first',
          response: { 200: TextQueueSchema },
        },
      },
      async (request, reply) => {
        const viewer = staffViewerOf(await requireStaff(request));
        reply.header('cache-control', 'no-store');
        return presentTextQueue(await listTextQueue(services, viewer));
      },
    );

    app.post(
      '/api/admin/moderation-text.php',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Keep a changed text, or reject it: the text before comes back and the member is told why ' +
            '(moderators and admins); 404 when it is gone or already decided',
          body: z.unknown(),
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        const session = await requireStaff(request);
        const viewer = staffViewerOf(session);
        authorize(viewer, 'moderation.texts');
        const decision = parseOrFail(ModerationDecisionSchema, request.body);
        await decideText(services, viewer, auditActorOf(session, request), decision);
        return { ok: true as const };
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
