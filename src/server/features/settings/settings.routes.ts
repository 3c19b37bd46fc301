import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsQuerySchema, SettingsSchema } from '../../../shared/contracts/settings.ts';
import type { AppServices } from '../../services.ts';
import { normalizeDomain } from './settings.service.ts';

export function settingsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/settings.php',
      {
        // The cache holds the compressed bodies already (see createResolvedSettingsCache).
        compress: false,
        // The hottest call of the site: the one parameter is normalised by hand below, so the
        // schema documents the query without a validation pass on every request.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: ['site'],
          summary: 'Settings for the domain of the request (or ?domain=), resolved for this visitor',
          querystring: SettingsQuerySchema,
          response: { 200: SettingsSchema },
        },
      },
      async (request, reply) => {
        const forced = request.query.domain;
        const domain =
          typeof forced === 'string' && forced.length <= 253 ? normalizeDomain(forced) : request.ctx.domain;
        const cached = await services.resolvedSettings({
          ...request.ctx,
          domain,
          pushPublicKey: services.vapid.publicKey,
        });
        // Bytes skip the serializer: they were built from a value typed by SettingsSchema (see the contract test).
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('vary', 'accept-encoding, cookie');
        const accepted = request.headers['accept-encoding'] ?? '';
        if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(cached.br as never);
        if (/\bgzip\b/.test(accepted))
          return reply.header('content-encoding', 'gzip').send(cached.gzip as never);
        return reply.send(cached.json as never);
      },
    );
  };
}
