import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import type { AppServices } from '../../services.ts';
import { OFFLINE_PAGE_CSP, renderOfflinePage } from './offline-page.ts';

export function installableRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/offline/:locale',
      {
        schema: {
          tags: ['site'],
          summary:
            "The offline page in one language, which the service worker keeps and shows when a page cannot be fetched (no member's data)",
          params: z.object({ locale: z.enum(LOCALES) }),
        },
        // The worker fetches all seven: none of them is the visitor's choice of language.
        config: { localeCookie: false },
      },
      async (request, reply) => {
        // Only the domain's name: not the resolved settings, kept per language, country and source.
        const { name: siteName } = await services.settings.getValues(request.ctx.domain);
        const { locale } = request.params;
        return (
          reply
            .header('content-security-policy', OFFLINE_PAGE_CSP)
            // Fetched by the worker at install only; a deploy's new texts come with a new worker.
            .header('cache-control', 'no-cache')
            .header('x-robots-tag', 'noindex')
            .type('text/html; charset=utf-8')
            .send(renderOfflinePage({ locale, siteName, t: services.translations.t(locale) }))
        );
      },
    );
  };
}
