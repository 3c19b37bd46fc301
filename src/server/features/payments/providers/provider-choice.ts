import { type Env, isLoopbackUrl } from '../../../env.ts';
import { defineState } from '../../../feature.ts';
import type { AppServices } from '../../../services.ts';
import { molliePaymentProviderFromEnv } from './mollie.ts';
import { keepsMandates, type PaymentProvider } from './payment-provider.ts';
import { createTestGateway, type TestGatewayDeps } from './test-gateway.ts';

/** Whether a real provider is configured: Mollie, when MOLLIE_API_KEY is set (env.ts). */
export function realProviderConfigured(env: Env): boolean {
  return env.mollie !== null;
}

/**
 * The provider payments go through (docs/decisions/0030): a real one when configured, else the
 * built-in test gateway. The test gateway never runs beside a real provider (its checkout page is
 * not even served then), so a production site with Mollie cannot be paid through it; a site with
 * no provider at all — the demo — runs it, visibly labelled as a test checkout.
 */
function createPaymentProvider(env: Env, deps: TestGatewayDeps): PaymentProvider {
  return molliePaymentProviderFromEnv(env) ?? createTestGateway(deps);
}

/** The provider of an app's payments, made on first use (payments.feature.ts lists it). */
export const paymentProviderState = defineState(
  'payments.provider',
  (services): PaymentProvider =>
    createPaymentProvider(services.env, {
      db: services.db,
      now: () => services.now(),
      publicUrl: services.env.publicUrl,
      enqueue: services.enqueue,
    }),
);

export function paymentProviderOf(services: Pick<AppServices, 'state'>): PaymentProvider {
  return services.state.of(paymentProviderState);
}

/** Tests: payments of these services go through `provider` (a provider's local double). */
export function setPaymentProvider(services: Pick<AppServices, 'state'>, provider: PaymentProvider): void {
  services.state.replace(paymentProviderState, provider);
}

/**
 * Whether direct debit can be offered (decision 0033): the provider keeps mandates, and the SMS
 * code that signs one reaches the member: through Twilio, or, on this machine only (the demo, a
 * developer, the journeys), through the development outbox. A public site without an SMS provider
 * does not offer direct debit (and says so in its log at start).
 */
export function directDebitAvailable(services: Pick<AppServices, 'env' | 'state'>): boolean {
  return (
    keepsMandates(paymentProviderOf(services)) &&
    (services.env.sms !== null || isLoopbackUrl(services.env.publicUrl))
  );
}
