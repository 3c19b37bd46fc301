import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DirectDebitFormSchema,
  MandatePaymentResponseSchema,
  RepeatOrderInputSchema,
  RepeatOrderResponseSchema,
  ResendCodeInputSchema,
  SignMandateInputSchema,
  SmsChallengeSchema,
} from '../../../../shared/contracts/direct-debit.ts';
import type { AppServices } from '../../../services.ts';
import { payerFrom } from '../checkout/payments.routes.ts';
import { resendCode, signMandate, startDirectDebit } from './direct-debit.service.ts';
import { repeatOrderOf, startRepeatOrder } from './repeat-order.service.ts';

/**
 * Direct debit with an SMS-signed mandate, and repeat orders (docs/decisions/0033). The SMS
 * themselves are limited per member and per phone in the service, on keys no header can choose;
 * these per-session limits only stop a runaway client.
 */
export function directDebitRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/direct-debit.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            'The direct-debit form (/directdebit): checks the IBAN, the phone, the block and the limit, keeps the unsigned mandate and sends its SMS code (never in the answer)',
          body: DirectDebitFormSchema,
          response: { 200: SmsChallengeSchema },
        },
        config: { actor: 'member', rateLimit: { max: 20, timeWindow: '10 minutes', per: 'session' } },
      },
      async (request) => {
        return startDirectDebit(services, await payerFrom(request), request.body);
      },
    );

    app.post(
      '/api/direct-debit-resend.php',
      {
        schema: {
          tags: ['payments'],
          summary: 'A new SMS code for an unsigned mandate, no sooner than 30 s after the last',
          body: ResendCodeInputSchema,
          response: { 200: SmsChallengeSchema },
        },
        config: { actor: 'member', rateLimit: { max: 20, timeWindow: '10 minutes', per: 'session' } },
      },
      async (request) => {
        return resendCode(services, await payerFrom(request), request.body.mandate_id);
      },
    );

    app.post(
      '/api/direct-debit-sign.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            "Signs the mandate with the SMS code ('Code invalid'; 5 tries, 10 minutes), creates it at the provider and charges the package on it: answers the return page",
          body: SignMandateInputSchema,
          response: { 200: MandatePaymentResponseSchema },
        },
        config: { actor: 'member', rateLimit: { max: 30, timeWindow: '10 minutes', per: 'session' } },
      },
      async (request) => {
        const { payment, returnPath } = await signMandate(services, await payerFrom(request), request.body);
        return { payment_id: payment.id, next_url: returnPath };
      },
    );

    app.get(
      '/api/repeat-order.php',
      {
        schema: {
          tags: ['payments'],
          summary: "The caller's last paid purchase, offered again (null when there is none)",
          response: { 200: RepeatOrderResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { repeat_order: await repeatOrderOf(services, await payerFrom(request)) };
      },
    );

    app.post(
      '/api/repeat-order.php',
      {
        schema: {
          tags: ['payments'],
          summary:
            "Buys the package of one of the caller's paid payments again with its method: on its stored mandate without a checkout, else through the checkout",
          body: RepeatOrderInputSchema,
          response: { 200: MandatePaymentResponseSchema },
        },
        config: { actor: 'member', rateLimit: { max: 20, timeWindow: '10 minutes', per: 'session' } },
      },
      async (request) => {
        return startRepeatOrder(services, await payerFrom(request), request.body.payment_id);
      },
    );
  };
}
