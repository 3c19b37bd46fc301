import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsQuerySchema, SettingsSchema } from '../../../shared/contracts/settings.ts';
import type { AppServices } from '../../services.ts';
import { normalizeDomain } from './settings.service.ts';

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
      async (request, reply) => {
        const domain = request.query.domain ? normalizeDomain(request.query.domain) : request.ctx.domain;
        const { json } = await services.resolvedSettings({
          ...request.ctx,
          domain,
          pushPublicKey: services.vapid.publicKey,
        });
        // Bytes skip the serializer: they were built from a value typed by SettingsSchema (see the contract test).
        return reply.header('content-type', 'application/json; charset=utf-8').send(json as never);
      },
    );
  };
}
