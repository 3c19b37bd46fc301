import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ComplaintInputSchema, ComplaintResponseSchema } from '../../../shared/contracts/site.ts';
import type { AppServices } from '../../services.ts';
import { complaintRateLimit } from './complaints.rate-limit.ts';
import { submitComplaint } from './complaints.service.ts';

export function complaintsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/complaints.php',
      {
        // Shared with the page form of /complaints (see complaintRateLimit).
        onRequest: complaintRateLimit(app, services),
        schema: {
          tags: ['site'],
          summary: 'File a complaint; it is stored and mailed to support and to the complainant',
          body: ComplaintInputSchema,
          response: { 200: ComplaintResponseSchema },
        },
      },
      async (request) => {
        const result = await submitComplaint(services, request.body, request.ctx);
        return { ok: true as const, reference: result.reference };
      },
    );
  };
}
