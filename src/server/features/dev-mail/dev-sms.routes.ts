import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../lib/html.ts';
import { requireLocalBrowser } from '../../plugins/dev-outbox.ts';
import type { AppServices } from '../../services.ts';

/** Development only: the SMS written to DATA_DIR/sms (direct-debit codes), with /dev/mail's guard. */
export function devSmsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/sms', { schema: { hide: true } }, async (request, reply) => {
      requireLocalBrowser(request);
      const messages = await services.sms.listStored();
      const items = messages
        .map(
          (m) => `<article style="border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0">
<div style="color:#555;font-size:14px">${escapeHtml(m.date)} · to ${escapeHtml(m.to)}</div>
<p data-testid="sms-text" style="margin:.5rem 0 0">${escapeHtml(m.text)}</p></article>`,
        )
        .join('');
      const body =
        services.sms.kind === 'outbox'
          ? items || '<p>No SMS yet.</p>'
          : '<p>Twilio is configured: SMS go to the phones and are not kept here.</p>';
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        )
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS</title></head>
<body style="font-family:system-ui,sans-serif;max-width:900px;margin:24px auto;padding:0 16px"><h1>SMS (development)</h1>${body}</body></html>`);
    });
  };
}
