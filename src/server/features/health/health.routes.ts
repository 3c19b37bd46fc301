import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../../../shared/contracts/site.ts';
import type { AppServices } from '../../services.ts';
import {
  DATABASE_CHECK_TTL_MS,
  databaseCheckOf,
  HEALTH_DOWN,
  HEALTH_HEADERS,
  HEALTH_UP,
} from './health.service.ts';

export function healthRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health.php',
      {
        schema: {
          tags: ['site'],
          summary: `Liveness and database check (503 when the database does not answer; a success is reused for ${DATABASE_CHECK_TTL_MS} ms)`,
          response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
        },
        // Load balancers and monitors keep no cookies: a locale cookie on each answer would be noise.
        config: { localeCookie: false },
      },
      async (_request, reply) => {
        reply.headers(HEALTH_HEADERS);
        if (await databaseCheckOf(services).check()) return HEALTH_UP;
        return reply.status(503).send(HEALTH_DOWN);
      },
    );
  };
}
