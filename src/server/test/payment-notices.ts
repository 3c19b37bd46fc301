import type { FastifyInstance } from 'fastify';

/** A provider's notice to the webhook, as Mollie and the test gateway send it: the id only, form-encoded. */
export const webhookNotice = (app: FastifyInstance, id: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    payload: `id=${encodeURIComponent(id)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
