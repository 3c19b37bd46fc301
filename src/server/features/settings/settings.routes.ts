import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsQuerySchema, SettingsSchema } from '../../../shared/contracts/settings.ts';
import type { AppServices } from '../../services.ts';
import { normalizeDomain, resolveSettings } from './settings.service.ts';

export function settingsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/settings.php',
      {
        schema: {
          tags: ['site'],
          summary: 'Settings for the domain of the request (or ?domain=), resolved for this visitor',
          querystring: SettingsQuerySchema,
          response: { 200: SettingsSchema },
        },
      },
      async (request) => {
        const domain = request.query.domain ? normalizeDomain(request.query.domain) : request.ctx.domain;
        const values = await services.settings.getValues(domain);
        return resolveSettings(
          values,
          { ...request.ctx, domain, pushPublicKey: services.vapid.publicKey },
          services.translations.t(request.ctx.locale),
        );
      },
    );
  };
}
