import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsQuerySchema, SettingsSchema } from '../../../shared/contracts/settings.ts';
import { negotiateBody } from '../../lib/encoded-body.ts';
import { parseOrFail } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { normalizeDomain, SETTINGS_HEADERS, settingsEntryFor } from './settings.service.ts';

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
        // Checked only when given (rarely): a NUL or an overlong name is a 400, not a failing query.
        const forced =
          typeof request.query.domain === 'string'
            ? parseOrFail(SettingsQuerySchema, request.query).domain
            : undefined;
        const domain = forced === undefined ? request.ctx.domain : normalizeDomain(forced);
        const cached = await settingsEntryFor(services, { ...request.ctx, domain });
        // Bytes skip the serializer: they were built from a value typed by SettingsSchema (see the contract test).
        const { encoding, bytes: body } = negotiateBody(cached.body, request.headers['accept-encoding']);
        reply.headers(SETTINGS_HEADERS);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(body as never);
      },
    );
  };
}
