import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../../../shared/contracts/site.ts';
import { pingDatabase } from '../../db/client.ts';
import type { AppServices } from '../../services.ts';
import { createDatabaseCheck, DATABASE_CHECK_TTL_MS } from './health.service.ts';

export function healthRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    const databaseOk = createDatabaseCheck(() => pingDatabase(services.db));
    app.get(
      '/api/health.php',
      {
        schema: {
          tags: ['site'],
          summary: `Liveness and database check (503 when the database does not answer; a success is reused for ${DATABASE_CHECK_TTL_MS} ms)`,
          response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        if (await databaseOk()) return { status: 'ok' as const, database: 'ok' as const };
        return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
      },
    );
  };
}
