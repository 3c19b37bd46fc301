import { defineFeature, featureJob } from '../../feature.ts';
import { paymentsRoutes } from './checkout/payments.routes.ts';
import {
  PAYMENTS_RECHECK_JOB,
  PAYMENTS_REVERSAL_WATCH_JOB,
  recheckUnsettledPayments,
  watchPaidPayments,
} from './checkout/payments.service.ts';
import { directDebitRoutes } from './direct-debit/direct-debit.routes.ts';
import {
  noticeQueueState,
  PAYMENT_NOTICES_SWEEP_JOB,
  sweepPaymentNotices,
} from './notices/payment-notices.ts';
import {
  directDebitAvailable,
  paymentProviderState,
  realProviderConfigured,
} from './providers/provider-choice.ts';
import { testGatewayRoutes } from './providers/test-gateway.routes.ts';
import {
  sendGatewayWebhook,
  settlePaidLater,
  TEST_GATEWAY_PAID_LATER_JOB,
  TEST_GATEWAY_WEBHOOK_JOB,
} from './providers/test-gateway.ts';

/**
 * Buying credits (docs/decisions/0030): packages, payments, the provider's webhook, the re-check of
 * payments still open, and the built-in test gateway when no real provider is configured. Payments
 * are not erased with an account: they are kept for the tax office.
 */
export const paymentsFeature = defineFeature({
  name: 'payments',
  state: [paymentProviderState, noticeQueueState],
  routes: (services) => async (app) => {
    await app.register(paymentsRoutes(services));
    await app.register(directDebitRoutes(services));
    if (!directDebitAvailable(services))
      services.log.warn('no SMS provider is configured for this public site: direct debit is not offered');
    if (!realProviderConfigured(services.env)) {
      if (services.env.nodeEnv === 'production')
        services.log.warn('no payment provider is configured: payments go through the test gateway');
      await app.register(testGatewayRoutes(services));
    }
  },
  jobs: [
    featureJob(PAYMENT_NOTICES_SWEEP_JOB, ({ services }) => async () => {
      const applied = await sweepPaymentNotices(services);
      if (applied > 0) services.log.warn({ applied }, 'payment notices left unapplied, applied by the sweep');
    }),
    featureJob(PAYMENTS_RECHECK_JOB, ({ services }) => async () => {
      const changed = await recheckUnsettledPayments(services);
      if (changed > 0) services.log.info({ changed }, 'payments settled by the re-check');
    }),
    featureJob(PAYMENTS_REVERSAL_WATCH_JOB, ({ services }) => async () => {
      const reversed = await watchPaidPayments(services);
      if (reversed > 0) services.log.info({ reversed }, 'refunds or chargebacks found by the reversal watch');
    }),
    featureJob(TEST_GATEWAY_WEBHOOK_JOB, ({ services }) => async ({ id }) => {
      await sendGatewayWebhook(services.db, id);
    }),
    featureJob(TEST_GATEWAY_PAID_LATER_JOB, ({ services }) => async ({ id }) => {
      await settlePaidLater(
        {
          db: services.db,
          now: () => services.now(),
          publicUrl: services.env.publicUrl,
          enqueue: services.enqueue,
        },
        id,
      );
    }),
  ],
});
