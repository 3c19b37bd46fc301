import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type SpendingLimitAnswer,
  SpendingLimitInputSchema,
  SpendingLimitSchema,
} from '../../../shared/contracts/credits.ts';
import { canonicalTimeZone } from '../../../shared/time-zones.ts';
import type { AppServices } from '../../services.ts';
import { type SpendingLimit, setSpendingLimit, spendingLimitOf } from './credits.service.ts';

const present = (limit: SpendingLimit): SpendingLimitAnswer => ({
  daily_limit: limit.dailyLimit,
  spent_today: limit.spentToday,
});

export function creditsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/spending-limit.php',
      {
        schema: {
          tags: ['credits'],
          summary: "The caller's own daily spending limit (null: none) and what they spent today",
          response: { 200: SpendingLimitSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        return present(await spendingLimitOf(services.db, viewer.id));
      },
    );

    app.put(
      '/api/spending-limit.php',
      {
        schema: {
          tags: ['credits'],
          summary:
            "Set (or with null remove) the caller's daily spending limit, counted in their local day; it applies at once",
          body: SpendingLimitInputSchema,
          response: { 200: SpendingLimitSchema },
        },
        config: { actor: 'member', rateLimit: { max: 30, timeWindow: '1 minute', per: 'session' } },
      },
      async (request) => {
        const viewer = request.viewer;
        const { daily_limit, time_zone } = request.body;
        const limit = await setSpendingLimit(services.db, viewer.id, {
          dailyLimit: daily_limit,
          timeZone: canonicalTimeZone(time_zone) ?? time_zone,
        });
        return present(limit);
      },
    );
  };
}
