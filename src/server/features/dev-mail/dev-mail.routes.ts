import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES } from '../../../shared/i18n/locales.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mail } from '../../lib/mailer.ts';
import { requireLocalBrowser } from '../../plugins/dev-outbox.ts';
import type { AppServices } from '../../services.ts';
import { renderMailSamples } from './mail-samples.ts';

const DEV_MAIL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const linked = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** A mail as the page shows it: subject, who it goes to, the HTML in a sandboxed frame, the text part. */
function mailCard(mail: Mail, meta: string, attributes = '') {
  return `<article${attributes} style="border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0">
<div><strong data-subject>${escapeHtml(mail.subject)}</strong></div>
<div style="color:#555;font-size:14px">${meta}</div>
<details><summary>HTML</summary><iframe sandbox title="${escapeHtml(mail.subject)}" style="width:100%;height:480px;border:0" srcdoc="${escapeHtml(mail.html)}"></iframe></details>
<pre style="white-space:pre-wrap">${linked(mail.text)}</pre></article>`;
}

/**
 * Development only: the mails written to DATA_DIR/mail, so a newcomer can click activation links,
 * and a sample of every mail the site sends in the language picked, so they see them all without
 * causing each one.
 */
export function devMailRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mail',
      { schema: { hide: true, querystring: z.object({ locale: z.enum(LOCALES).default(DEFAULT_LOCALE) }) } },
      async (request, reply) => {
        requireLocalBrowser(request);
        const { locale } = request.query;
        const [mails, samples] = await Promise.all([
          services.mailer.listStored(),
          renderMailSamples(services, locale),
        ]);
        const items = mails
          .map((m) =>
            mailCard(m, `${escapeHtml(m.date)} · to ${escapeHtml(m.to)} · from ${escapeHtml(m.from)}`),
          )
          .join('');
        const outbox = services.env.smtpUrl
          ? '<p>SMTP_URL is set: mails go to that server and are not kept here.</p>'
          : items || '<p>No mails yet.</p>';
        const picker = LOCALES.map((l) =>
          l === locale
            ? `<strong aria-current="page">${escapeHtml(LOCALE_INFO[l].name)}</strong>`
            : `<a href="/dev/mail?locale=${l}#samples" hreflang="${l}">${escapeHtml(LOCALE_INFO[l].name)}</a>`,
        ).join(' · ');
        const sampleCards = samples
          ? samples
              .map((sample) =>
                mailCard(
                  sample.mail,
                  `${escapeHtml(sample.label)} · to ${escapeHtml(sample.mail.to)}`,
                  ` data-sample="${escapeHtml(sample.id)}"`,
                ),
              )
              .join('')
          : '<p>The samples are written for the demo logins: start once with SEED_DEMO=1.</p>';
        return (
          reply
            .header('content-type', 'text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            // Mails are shown in sandboxed frames: their styles and inline images, nothing that runs.
            .header('content-security-policy', DEV_MAIL_CSP)
            .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mails</title></head>
<body style="font-family:system-ui,sans-serif;max-width:900px;margin:24px auto;padding:0 16px"><h1>Mails (development)</h1>
<p><a href="#samples">Samples of every mail the site sends</a></p>
<h2>Sent</h2>${outbox}
<h2 id="samples">Samples</h2>
<p>Every mail type, rendered by its real template for the demo logins; links carry tokens nobody was issued.</p>
<nav aria-label="Language of the samples" data-locale="${locale}" style="margin:8px 0 16px">${picker}</nav>
${sampleCards}</body></html>`)
        );
      },
    );
  };
}
