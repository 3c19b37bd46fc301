import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RegionsResponseSchema } from '../../../shared/contracts/site.ts';
import type { AppServices } from '../../services.ts';
import { listRegions } from './regions.service.ts';

export function regionsRoutes(_services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/regions.php',
      {
        schema: {
          tags: ['site'],
          summary: 'Regions members can pick, per country',
          querystring: z.object({ country: z.string().length(2).optional() }),
          response: { 200: RegionsResponseSchema },
        },
      },
      (request, reply) => {
        const result = listRegions(request.query.country);
        // The lists only change with a deploy, so browsers and CDNs may keep them for a day.
        reply.header('cache-control', 'public, max-age=86400');
        return result;
      },
    );
  };
}
