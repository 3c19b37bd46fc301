import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, LOCALES } from '../../../shared/i18n/locales.ts';
import type { AppServices } from '../../services.ts';
import { appManifestOf, appStartPath } from './app-manifest.ts';
import { OFFLINE_PAGE_CSP, renderOfflinePage } from './offline-page.ts';

export function installableRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/app/:locale/manifest.webmanifest',
      {
        schema: {
          tags: ['site'],
          summary:
            "The installable app's web manifest in one language (its name and description; it starts the app in that language); each page links its own language's",
          params: z.object({ locale: z.enum(LOCALES) }),
        },
        // The browser fetches it for the page's language: it is not a choice of language.
        config: { localeCookie: false },
      },
      async (request, reply) => {
        const { name: siteName } = await services.settings.getValues(request.ctx.domain);
        const { locale } = request.params;
        return reply
          .header('cache-control', 'public, max-age=3600')
          .type('application/manifest+json; charset=utf-8')
          .send(JSON.stringify(appManifestOf(locale, siteName, services.translations.t(locale))));
      },
    );

    app.get(
      '/app/:locale',
      {
        schema: {
          tags: ['site'],
          summary:
            "The installed app's start: the members' page in the language it was installed in, unless the browser has a language chosen already",
          params: z.object({ locale: z.enum(LOCALES) }),
        },
        config: { localeCookie: false },
      },
      async (request, reply) => {
        // An app whose storage is its own (iOS keeps an installed app's cookies apart from the
        // browser's) starts with none: it opens in the language it was installed from, not the
        // domain's. A choice made since in this storage stays.
        if (!request.cookies[LOCALE_COOKIE])
          reply.setCookie(LOCALE_COOKIE, request.params.locale, {
            path: '/',
            maxAge: LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 3600,
            sameSite: 'lax',
          });
        return reply.header('cache-control', 'no-store').redirect(appStartPath, 302);
      },
    );

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
