import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FinderQuerySchema, FinderResponseSchema } from '../../../shared/contracts/match-finder.ts';
import { parseOrFail } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { presentFinder } from './match-finder.presenter.ts';
import { findMatches } from './match-finder.service.ts';

/** Finder runs per member per minute: a ranking reads far more rows than a search page. */
export const FINDER_RATE_LIMIT = 30;

export function matchFinderRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/match-finder.php',
      {
        // The query is checked in the handler, after the viewer: a visitor learns nothing from a 400.
        attachValidation: true,
        config: {
          actor: 'member',
          // Per member: members behind one address (an office, a phone carrier) do not share it.
          rateLimit: { max: FINDER_RATE_LIMIT, timeWindow: '1 minute', per: 'member' },
        },
        schema: {
          tags: ['members'],
          summary: 'The members who fit the answers best, ranked, each with the reasons it was chosen',
          description:
            'interests: comma-separated interest keys (at most 10). distance: region (the caller’s own; ' +
            'validation_failed finder_region_missing without one), country (the caller’s own) or anywhere. ' +
            'Without gender (or empty): women and men. At most 30 results, best first.',
          querystring: FinderQuerySchema,
          response: { 200: FinderResponseSchema },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        // Checked by Fastify already; on failure the raw query is parsed again for our field keys.
        const answers = request.validationError
          ? parseOrFail(FinderQuerySchema, request.query)
          : request.query;
        reply.header('cache-control', 'no-store');
        const result = await findMatches(services, { viewer, visitor: request.ctx, answers });
        return presentFinder(result, services.now());
      },
    );
  };
}
