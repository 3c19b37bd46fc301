import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import { PushSubscribeInputSchema, PushUnsubscribeInputSchema } from '../../../shared/contracts/push.ts';
import type { AppServices } from '../../services.ts';
import { APP_WORKER_CSP, appWorkerSource } from '../installable/app-worker.ts';
import { removePushSubscription, savePushSubscription } from './push-subscriptions.service.ts';

const PushQuerySchema = z.object({ push: z.literal('1') });

/**
 * The spec puts the subscription on POST /api/user.php?push=1, the login's path: a route constraint
 * on the query's `push` sends those requests here, and every other post of user.php to the login.
 */
const pushQueryConstraint = {
  name: 'pushQuery',
  storage() {
    const handlers = new Map<string, unknown>();
    return {
      get: (value: string) => handlers.get(value) ?? null,
      set: (value: string, handler: unknown) => void handlers.set(value, handler),
    };
  },
  deriveConstraint: (request: { url?: string }) =>
    /[?&]push=1(&|$)/.test(request.url ?? '') ? '1' : undefined,
  mustMatchWhenDerived: true,
};

export function pushRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    const worker = appWorkerSource(
      await readFile(path.join(import.meta.dirname, 'sw-push.js'), 'utf8'),
      services.translations,
    );
    // The spec's address, `/sw-push.js?v=2`: the version only makes browsers fetch a new worker.
    app.get(
      '/sw-push.js',
      {
        schema: {
          tags: ['account'],
          summary:
            'The service worker: web push (shows the notification, opens its page, sets the app badge) and the offline page',
          querystring: z.object({ v: z.string().max(10).optional() }),
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('service-worker-allowed', '/')
          // A worker runs under its script's policy: it fetches pages and the offline pages from its own origin.
          .header('content-security-policy', APP_WORKER_CSP)
          // Browsers check for a new worker at least daily anyway; no-cache makes a deploy reach them at once.
          .header('cache-control', 'no-cache')
          .send(worker),
    );

    if (!app.hasConstraintStrategy(pushQueryConstraint.name))
      app.addConstraintStrategy(pushQueryConstraint as never);

    app.post(
      '/api/user.php',
      {
        constraints: { pushQuery: '1' },
        schema: {
          tags: ['account'],
          summary:
            "POST /api/user.php?push=1: stores this device's push subscription for the member (one per device, several devices)",
          querystring: PushQuerySchema,
          body: PushSubscribeInputSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member', rateLimit: { max: 30, timeWindow: 60_000, per: 'member' } },
      },
      async (request) => {
        await savePushSubscription(services, request.viewer, request.memberSession.id, request.body);
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/user.php',
      {
        constraints: { pushQuery: '1' },
        schema: {
          tags: ['account'],
          summary: "DELETE /api/user.php?push=1: this device's push subscription goes (push switched off)",
          querystring: PushQuerySchema,
          body: PushUnsubscribeInputSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member', rateLimit: { max: 30, timeWindow: 60_000, per: 'member' } },
      },
      async (request) => {
        await removePushSubscription(services, request.viewer, request.body);
        return { ok: true as const };
      },
    );
  };
}
