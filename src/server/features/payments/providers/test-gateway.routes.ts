import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale, LOCALE_INFO, type Locale } from '../../../../shared/i18n/locales.ts';
import { escapeHtml } from '../../../lib/html.ts';
import type { AppServices } from '../../../services.ts';
import {
  chooseOutcome,
  findGatewayPayment,
  PAID_LATER_SECONDS,
  TEST_GATEWAY_OUTCOMES,
  type TestGatewayDeps,
  TestGatewayOutcomeSchema,
} from './test-gateway.ts';

const ParamsSchema = z.object({ id: z.string().regex(/^tg_[\w-]{1,40}$/) });

function gatewayDeps(services: AppServices): TestGatewayDeps {
  return {
    db: services.db,
    now: () => services.now(),
    publicUrl: services.env.publicUrl,
    enqueue: services.enqueue,
  };
}

/** Its own policy: inline styles of this one page, our logos, and forms back to us only. */
const csp = (publicOrigin: string) =>
  [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self'",
    `form-action 'self' ${publicOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#1f2937}
.banner{background:#b45309;color:#fff;padding:.6rem 1rem;text-align:center;font-weight:600}
main{max-width:28rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 1rem}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0}
.method{display:flex;align-items:center;gap:.75rem;margin:1rem 0;font-weight:600}
.method img{width:48px;height:32px}
.muted{color:#4b5563;font-size:.9rem}
form{display:grid;gap:.5rem;margin-top:1rem}
button{font:inherit;padding:.75rem;border-radius:.5rem;border:1px solid #d1d5db;background:#fff;cursor:pointer;text-align:left}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
button.paid{background:#15803d;border-color:#15803d;color:#fff;font-weight:600}
.stored{display:grid;gap:.25rem;font-size:.9rem;margin-bottom:.5rem}
.stored select{font:inherit;padding:.5rem;border-radius:.5rem;border:1px solid #d1d5db}
`;

/**
 * A first payment stores the card or PayPal for repeat orders (docs/decisions/0033): the tester
 * chooses whether later charges on it work or fail (a card that expired since).
 */
function storedMandateChoice(t: (key: string) => string): string {
  return `<label class="stored">${escapeHtml(t('test_gateway.stored_mandate'))}
<select name="mandate"><option value="works">${escapeHtml(t('test_gateway.stored_works'))}</option>
<option value="fails">${escapeHtml(t('test_gateway.stored_fails'))}</option></select></label>`;
}

/**
 * The test gateway's checkout page (docs/decisions/0030): what a provider's hosted checkout is,
 * clearly marked as a test. The buyer picks the outcome; the gateway records it, sends its notice to
 * our webhook by HTTP (a job), and sends the browser back to the return page, as a provider does.
 * Registered only when no real provider is configured (payment-providers.ts).
 */
export function testGatewayRoutes(services: AppServices): FastifyPluginAsyncZod {
  const deps = gatewayDeps(services);
  const publicOrigin = new URL(services.env.publicUrl).origin;
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get('/test-gateway/:id', { schema: { hide: true, params: ParamsSchema } }, async (request, reply) => {
      const record = await findGatewayPayment(services.db, request.params.id);
      if (!record) return reply.code(404).type('text/plain').send('Unknown test payment');
      const locale: Locale = isLocale(record.locale) ? record.locale : 'en';
      const t = services.translations.t(locale, 'payments');
      const amount = new Intl.NumberFormat(LOCALE_INFO[locale].iso, {
        style: 'currency',
        currency: record.currency,
      }).format(record.amountCents / 100);
      const method = t(`methods.${record.method}`);
      const open = record.status === 'open';
      const buttons = TEST_GATEWAY_OUTCOMES.map(
        (outcome) =>
          `<button type="submit" name="outcome" value="${outcome}" class="${outcome}">${escapeHtml(
            t(`test_gateway.outcomes.${outcome}`, { seconds: PAID_LATER_SECONDS }),
          )}</button>`,
      ).join('');
      const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t('test_gateway.title'))}</title><style>${STYLE}</style></head><body>
<div class="banner" role="note">${escapeHtml(t('test_gateway.banner'))}</div>
<main><div class="card">
<h1>${escapeHtml(t('test_gateway.title'))}</h1>
<p class="muted">${escapeHtml(record.description)}</p>
<p class="amount" data-testid="gateway-amount">${escapeHtml(amount)}</p>
<p class="method"><img src="/payment-methods/${record.method}.svg" alt=""><span>${escapeHtml(method)}</span></p>
${
  open
    ? `<p class="muted">${escapeHtml(t('test_gateway.choose'))}</p>
<form method="post" action="/test-gateway/${record.id}">${
        record.sequenceType === 'first' ? storedMandateChoice(t) : ''
      }${buttons}</form>`
    : `<p>${escapeHtml(t('test_gateway.done'))}</p><p><a href="${escapeHtml(record.redirectUrl)}">${escapeHtml(t('test_gateway.back'))}</a></p>`
}
</div></main></body></html>`;
      return reply
        .header('content-security-policy', csp(publicOrigin))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    });

    app.post(
      '/test-gateway/:id',
      {
        schema: {
          hide: true,
          params: ParamsSchema,
          body: z.object({
            outcome: TestGatewayOutcomeSchema,
            mandate: z.enum(['works', 'fails']).optional(),
          }),
        },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const chosen = await chooseOutcome(deps, request.params.id, request.body.outcome, {
          mandateFails: request.body.mandate === 'fails',
        });
        if (!chosen) return reply.code(404).type('text/plain').send('Unknown test payment');
        return reply.redirect(chosen.redirectUrl, 303);
      },
    );
  };
}
