import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import { PAGE_NAMESPACES } from '../../../shared/i18n/page-texts.ts';
import type { AppServices } from '../../services.ts';

export function i18nRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/locale.php',
      {
        schema: {
          tags: ['site'],
          summary:
            'Interface texts of one language: the texts every page carries (switching language in place), or with ns= the texts of one page or part (the sign-up modal fetches ns=signup when it opens)',
          querystring: z.object({ lng: z.enum(LOCALES), ns: z.enum(PAGE_NAMESPACES).optional() }),
          response: { 200: z.record(z.string(), z.unknown()) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        const { lng, ns } = request.query;
        return ns ? services.translations.pageTexts(lng, ns) : services.translations.pageCommon(lng);
      },
    );
  };
}
