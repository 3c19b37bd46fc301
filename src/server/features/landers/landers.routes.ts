import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENTRY_DESIGNS,
  formatLanderSource,
  LANDER_COOKIE,
  LANDER_COOKIE_DAYS,
  LANDERS,
} from '../../../shared/contracts/landers.ts';
import type { AppServices } from '../../services.ts';
import { registerBackOfficeRequests } from '../staff/staff-request.ts';
import { presentAttributionCsv } from './attribution.presenter.ts';
import { listAttribution, recordLanderVisit } from './attribution.service.ts';

/** A transparent 1×1 GIF: the beacon is an image, so a page without JavaScript counts its visit too. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const SOURCE_NAMES = [...LANDERS, ...ENTRY_DESIGNS.map((design) => `entry-${design}` as const)] as const;

export function landersRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/lander-visit.php',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['site'],
          summary: 'Counts a lander or advertising-entry visit and remembers it for the sign-up (an image)',
          querystring: z.object({
            lander: z.enum(SOURCE_NAMES),
            slug: z
              .string()
              .regex(/^[a-z0-9-]{1,40}$/)
              .optional(),
          }),
        },
      },
      async (request, reply) => {
        const source = { lander: request.query.lander, slug: request.query.slug ?? null };
        await recordLanderVisit(services.db, request.ctx.trafficSource, source, services.now());
        reply.setCookie(LANDER_COOKIE, formatLanderSource(source), {
          path: '/',
          maxAge: LANDER_COOKIE_DAYS * 24 * 3600,
          sameSite: 'lax',
          httpOnly: true,
        });
        return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
      },
    );

    // The back office's download; the admin issue charts the same rows.
    app.register(async (admin) => {
      registerBackOfficeRequests(admin, services);
      admin.get(
        '/api/admin/attribution.csv',
        {
          config: { actor: 'staff', right: 'attribution.view' },
          schema: {
            tags: ['admin'],
            summary:
              'Visits, sign-ups, confirmations, first purchases and revenue per source and day (admins)',
          },
        },
        async (_request, reply) => {
          const rows = await listAttribution(services.db);
          return reply
            .header('cache-control', 'no-store')
            .header('content-disposition', 'attachment; filename="attribution.csv"')
            .type('text/csv; charset=utf-8')
            .send(presentAttributionCsv(rows));
        },
      );
    });
  };
}
