import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InterestsResponseSchema } from '../../../shared/contracts/site.ts';
import { INTEREST_KEYS } from '../../../shared/interests.ts';
import type { AppServices } from '../../services.ts';

export function interestsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/interests.php',
      {
        schema: {
          tags: ['site'],
          summary: 'The interest keys with labels in the language of the request',
          response: { 200: InterestsResponseSchema },
        },
      },
      async (request, reply) => {
        const t = services.translations.t(request.ctx.locale);
        reply.header('cache-control', 'public, max-age=3600').header('vary', 'cookie');
        return { interests: INTEREST_KEYS.map((key) => ({ key, label: t(`interests.${key}`) })) };
      },
    );
  };
}
