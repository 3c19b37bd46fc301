import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../lib/html.ts';
import { requireLocalBrowser } from '../../plugins/dev-outbox.ts';
import type { AppServices } from '../../services.ts';

const DEV_MAIL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Development only: the mails written to DATA_DIR/mail, so a newcomer can click activation links. */
export function devMailRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/mail', { schema: { hide: true } }, async (request, reply) => {
      requireLocalBrowser(request);
      const mails = await services.mailer.listStored();
      const items = mails
        .map(
          (m) => `<article style="border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0">
<div><strong>${escapeHtml(m.subject)}</strong></div>
<div style="color:#555;font-size:14px">${escapeHtml(m.date)} · to ${escapeHtml(m.to)} · from ${escapeHtml(m.from)}</div>
<details><summary>HTML</summary><iframe sandbox style="width:100%;height:400px;border:0" srcdoc="${escapeHtml(m.html)}"></iframe></details>
<pre style="white-space:pre-wrap">${escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
        )
        .join('');
      const body = services.env.smtpUrl
        ? '<p>SMTP_URL is set: mails go to that server and are not kept here.</p>'
        : items || '<p>No mails yet.</p>';
      return (
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          // Mails are shown in sandboxed frames: their styles and inline images, nothing that runs.
          .header('content-security-policy', DEV_MAIL_CSP)
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mails</title></head>
<body style="font-family:system-ui,sans-serif;max-width:900px;margin:24px auto;padding:0 16px"><h1>Mails (development)</h1>${body}</body></html>`)
      );
    });
  };
}
