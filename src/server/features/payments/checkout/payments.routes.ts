import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreditOffersResponseSchema,
  PaymentResponseSchema,
  StartPaymentInputSchema,
  StartPaymentResponseSchema,
} from '../../../../shared/contracts/payments.ts';
import { plainText } from '../../../../shared/contracts/text.ts';
import type { MemberViewer } from '../../../policy/viewer.ts';
import type { AppServices } from '../../../services.ts';
import type { ActiveSession } from '../../auth/sessions.service.ts';
import { noticeQueueOf } from '../notices/payment-notices.ts';
import { paymentProviderOf } from '../providers/provider-choice.ts';
import { presentPayment } from './payments.presenter.ts';
import { creditOffers, findOwnPayment, type Payer, startPayment } from './payments.service.ts';

/** A provider's notice: Mollie posts `id=tr_...` form-encoded; JSON `{ "id": ... }` is taken too. */
const WebhookBodySchema = z.looseObject({ id: plainText().min(1).max(100) });

function payerOf(
  viewer: MemberViewer,
  session: ActiveSession | null,
  ctx: { domain: string; locale: Payer['locale'] },
): Payer {
  // The country the member lives in (their profile), never the request's GeoIP: it sets the currency.
  return { viewer, country: session?.profile.country ?? 'NL', locale: ctx.locale, domain: ctx.domain };
}

/** The member paying, from a route of `actor: 'member'` (a visitor was refused before it ran). */
export function payerFrom(request: {
  viewer: MemberViewer;
  memberSession: ActiveSession;
  ctx: FastifyRequest['ctx'];
}): Payer {
  return payerOf(request.viewer, request.memberSession, request.ctx);
}

export function paymentsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    // Form bodies only here: the webhook's (providers post them); the rest of the API is JSON.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4_096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/api/credit-packages.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            "The credit packages priced in the caller's currency, and the payment methods open to them (their country, currency and the provider)",
          response: { 200: CreditOffersResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const payer = await payerFrom(request);
        reply.header('cache-control', 'private, no-store');
        return creditOffers(services, payer);
      },
    );

    app.post(
      '/api/payment.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            'Start buying a package with a method: the amount is computed on the server; answers the checkout to go to',
          body: StartPaymentInputSchema,
          response: { 200: StartPaymentResponseSchema },
        },
        config: { actor: 'member', rateLimit: { max: 20, timeWindow: '10 minutes', per: 'session' } },
      },
      async (request) => {
        const { payment, checkoutUrl } = await startPayment(services, await payerFrom(request), {
          packageId: request.body.package,
          method: request.body.method,
          discountCode: request.body.discount_code || undefined,
          expectedAmount: request.body.amount,
        });
        // No mandate is charged here, so there is always a checkout page (startPayment checks).
        return { payment_id: payment.id, checkout_url: checkoutUrl ?? '' };
      },
    );

    app.get(
      '/api/payment.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            "One of the caller's payments, for the return page (read only: it never grants; the webhook and the re-check do)",
          querystring: z.object({ id: z.string().max(64) }),
          response: { 200: PaymentResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        reply.header('cache-control', 'private, no-store');
        return { payment: presentPayment(await findOwnPayment(services.db, viewer, request.query.id)) };
      },
    );

    app.post(
      '/api/payment-webhook.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            "The payment provider's notice: only its id is read. Stored, then answered; the status is fetched from the provider and applied right after. 200 for any id",
          body: WebhookBodySchema,
        },
        // Providers have no session nor our token; they are not a browser either.
        // A provider's storm (retries of every change, from its few sender addresses) must pass: 1,000
        // notices in a burst (docs/performance.md). A notice costs one insert before the answer (an
        // unknown id inserts nothing); the provider is asked after it, once for a payment's notices.
        config: { csrf: false, rateLimit: { max: 3_000, timeWindow: '1 minute', countBehind: true } },
        bodyLimit: 4_096,
      },
      async (request, reply) => {
        const known = await noticeQueueOf(services).receive(paymentProviderOf(services), request.body.id);
        if (!known) request.log.info({ id: request.body.id }, 'webhook for an unknown payment');
        // The same empty answer for every id, known or not: the webhook tells nobody what exists.
        return reply.code(200).send();
      },
    );
  };
}
