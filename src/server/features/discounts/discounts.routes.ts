import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveDiscountResponseSchema,
  DiscountQuerySchema,
  DiscountResponseSchema,
  RetentionDiscountResponseSchema,
  RetentionOfferInputSchema,
  RetentionOfferResponseSchema,
} from '../../../shared/contracts/discounts.ts';
import { badRequest } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { payerFrom } from '../payments/checkout/payments.routes.ts';
import { creditOffers } from '../payments/checkout/payments.service.ts';
import { presentDiscount } from './discounts.presenter.ts';
import {
  acceptRetentionOffer,
  automaticDiscounts,
  type CheckedDiscount,
  checkDiscount,
  priceWith,
  retentionOffer,
} from './discounts.service.ts';

export function discountsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/discountcode.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            "A discount code for the caller (with package and method: checked for them, with the price; a refusal is an error with its code), or with welcome=true the caller's best discount without a code (the time bonus first, else the welcome discount; the discount for staying), null when there is none (200: having none is not an error)",
          querystring: DiscountQuerySchema,
          // The active discount's answer first: the code's would take it and drop its flag.
          response: { 200: z.union([ActiveDiscountResponseSchema, DiscountResponseSchema]) },
        },
        // Guessing codes costs a member a few tries a minute, not a dictionary.
        config: { actor: 'member', rateLimit: { max: 30, timeWindow: '1 minute', per: 'session' } },
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
        const present = (discount: CheckedDiscount) =>
          presentDiscount(
            discount,
            services.now(),
            offer
              ? { amountCents: offer.amount, discountedCents: priceWith(discount, offer.amount).amountCents }
              : null,
          );
        if (welcome) {
          const { best, firstPurchaseReserved } = await automaticDiscounts(services, asker, target);
          return {
            discount: best ? present(best) : null,
            first_purchase_reserved: firstPurchaseReserved,
          };
        }
        return { discount: present(await checkDiscount(services, asker, query.code ?? '', target)) };
      },
    );

    app.get(
      '/api/retention-offer.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            "The discount offered to the caller for staying instead of deleting their account (the company's delete_discount), null when none is offered (none set, or given before)",
          response: { 200: RetentionOfferResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        reply.header('cache-control', 'private, no-store');
        return { offer: await retentionOffer(services, viewer) };
      },
    );

    app.post(
      '/api/retention-offer.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            'Stay instead of deleting the account: gives the caller the discount for staying, once (a code of their own that /credits applies); not for the reason found_someone',
          body: RetentionOfferInputSchema,
          response: { 200: RetentionDiscountResponseSchema },
        },
        config: { actor: 'member', rateLimit: { max: 10, timeWindow: '1 minute', per: 'session' } },
      },
      async (request) => {
        const viewer = request.viewer;
        return { discount: await acceptRetentionOffer(services, viewer, request.body.reason) };
      },
    );
  };
}
