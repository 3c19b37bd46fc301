import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainText } from '../../../shared/contracts/text.ts';
import type { AppServices } from '../../services.ts';
import { PAGE_EVENT_PATH_MAX, pageEventsState } from './page-hidden.service.ts';

const VISITOR_COOKIE = 'vid';

export function pageHiddenRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    // sendBeacon posts text/plain unless given a Blob; accept both and ignore the body.
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    app.post(
      '/api/page-hidden.php',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['site'],
          summary: 'Page-hidden beacon (empty JSON body); ?lb=1 also logs a page bounce',
          querystring: z.object({
            lb: z.string().max(8).optional(),
            path: plainText().max(PAGE_EVENT_PATH_MAX).optional(),
          }),
          body: z.unknown().optional(),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const path = request.query.path ?? safePathOf(request.headers.referer);
        const visitorId = request.cookies[VISITOR_COOKIE] ?? null;
        const events = services.state.of(pageEventsState);
        events.record({ kind: 'hidden', path, visitorId });
        if (request.query.lb && request.query.lb !== '0') events.record({ kind: 'bounce', path, visitorId });
        return reply.status(204).send(null);
      },
    );
  };
}

function safePathOf(referer: string | undefined): string {
  if (!referer) return '/';
  try {
    return new URL(referer).pathname.slice(0, PAGE_EVENT_PATH_MAX);
  } catch {
    return '/';
  }
}
