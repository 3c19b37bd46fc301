import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../../../shared/contracts/site.ts';
import { pingDatabase } from '../../db/client.ts';
import type { AppServices } from '../../services.ts';

export function healthRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health.php',
      {
        schema: {
          tags: ['site'],
          summary: 'Liveness and database check (503 when the database does not answer)',
          response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          await pingDatabase(services.db);
          return { status: 'ok' as const, database: 'ok' as const };
        } catch {
          return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
        }
      },
    );
  };
}
