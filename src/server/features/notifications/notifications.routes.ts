import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
} from '../../../shared/contracts/notifications.ts';
import type { AppServices } from '../../services.ts';
import { readNotificationSettings, saveNotificationSettings } from './preferences.service.ts';

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
  };
}
