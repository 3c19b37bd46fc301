import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import type { AppServices } from '../../services.ts';

export function i18nRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/locale.php',
      {
        schema: {
          tags: ['site'],
          summary: 'The interface texts of one language (used when switching language in place)',
          querystring: z.object({ lng: z.enum(LOCALES) }),
          response: { 200: z.record(z.string(), z.unknown()) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return services.translations.namespace(request.query.lng, 'common');
      },
    );
  };
}
