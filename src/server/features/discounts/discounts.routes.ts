import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DiscountQuerySchema, DiscountResponseSchema } from '../../../shared/contracts/discounts.ts';
import { perSessionKey } from '../../lib/rate-limit-store.ts';
import { badRequest } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { payerFrom } from '../payments/payments.routes.ts';
import { creditOffers } from '../payments/payments.service.ts';
import { presentDiscount } from './discounts.presenter.ts';
import { activeDiscount, checkDiscount, priceWith } from './discounts.service.ts';

export function discountsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/discountcode.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            "A discount code for the caller (with package and method: checked for them, with the price), or with welcome=true the caller's active discount (time bonus first, else the welcome discount)",
          querystring: DiscountQuerySchema,
          response: { 200: DiscountResponseSchema },
        },
        // Guessing codes costs a member a few tries a minute, not a dictionary.
        config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perSessionKey } },
      },
      async (request, reply) => {
        const payer = await payerFrom(request);
        reply.header('cache-control', 'private, no-store');
        const query = request.query;
        const welcome = query.welcome === 'true' || query.welcome === '1';
        if (!welcome && !query.code) throw badRequest('A code or welcome=true is needed');
        const offers = await creditOffers(services, payer);
        const offer = query.package ? offers.packages.find((p) => p.id === query.package) : undefined;
        const asker = {
          viewer: payer.viewer,
          country: payer.country,
          domain: payer.domain,
          currency: offers.currency,
        };
        const target = { amountCents: offer?.amount, method: query.method };
        const discount = welcome
          ? await activeDiscount(services, asker, target)
          : await checkDiscount(services, asker, query.code ?? '', target);
        const price = offer
          ? { amountCents: offer.amount, discountedCents: priceWith(discount, offer.amount).amountCents }
          : null;
        return { discount: presentDiscount(discount, services.now(), price) };
      },
    );
  };
}
