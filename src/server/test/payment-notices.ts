import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.ts';

/**
 * A provider's notice to the webhook, as Mollie and the test gateway send it: the id only,
 * form-encoded. Answered once the notice is stored; this waits for its application too (it follows
 * on the same instance, payment-notices.ts), so what it changed can be read.
 */
export async function webhookNotice(test: { app: FastifyInstance; services: AppServices }, id: string) {
  const answer = await test.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    payload: `id=${encodeURIComponent(id)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await test.services.background.idle();
  return answer;
}
