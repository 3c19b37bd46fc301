import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
} from '../../../shared/contracts/notifications.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import {
  readNotificationSettings,
  saveNotificationSettings,
  unsubscribeByLink,
} from './preferences.service.ts';
import { verifyUnsubscribe } from './unsubscribe-links.ts';

const UnsubscribeQuerySchema = z.object({
  u: z.string().max(20).optional(),
  t: z.string().max(40).optional(),
  s: z.string().max(100).optional(),
});

export function notificationsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notifications.php',
      {
        schema: {
          tags: ['notifications'],
          summary: "The caller's notification preferences per type and channel, and why mail is off if it is",
          response: { 200: NotificationSettingsSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return readNotificationSettings(services.db, request.viewer);
      },
    );

    app.put(
      '/api/notifications.php',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Stores every switch (idempotent); enable_email switches mail back on after a bounce, a spam report or an unsubscribe',
          body: NotificationSettingsInputSchema,
          response: { 200: NotificationSettingsSchema },
        },
        config: { actor: 'member', rateLimit: { max: 30, timeWindow: 60_000, per: 'member' } },
      },
      async (request) => saveNotificationSettings(services, request.viewer, request.body),
    );

    // RFC 8058's one-click post comes from the mail provider with `List-Unsubscribe=One-Click` as a
    // form body; what it says is not needed: the signed link is the whole request.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      '/api/unsubscribe.php',
      {
        schema: {
          tags: ['notifications'],
          summary:
            "A mail's one-click unsubscribe (RFC 8058): the signed link's type of mail goes off for its member, no login",
          querystring: UnsubscribeQuerySchema,
          response: { 200: OkSchema },
        },
        // Posted by mail providers, without a session or a token: the signature is the proof.
        config: { csrf: false, rateLimit: { max: 30, timeWindow: 60_000 } },
      },
      async (request) => {
        const link = await verifyUnsubscribe(services, request.query);
        if (!link) throw new AppError('link_invalid', 404, 'This unsubscribe link is not valid');
        await unsubscribeByLink(services, link);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/unsubscribe.php',
      {
        schema: {
          tags: ['notifications'],
          summary: 'The unsubscribe link opened in a browser: to /notifications, where every switch is',
          querystring: UnsubscribeQuerySchema,
        },
      },
      // A link scanner opens every link of a mail: a GET changes nothing.
      async (_request, reply) => reply.redirect('/notifications', 303),
    );
  };
}
