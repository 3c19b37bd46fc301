import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale, LOCALE_INFO, type Locale } from '../../../../shared/i18n/locales.ts';
import { escapeHtml } from '../../../lib/html.ts';
import type { AppServices } from '../../../services.ts';
import {
  chooseOutcome,
  findGatewayPayment,
  PAID_LATER_SECONDS,
  type ReversalRefusal,
  reverseGatewayPayment,
  TEST_GATEWAY_OUTCOMES,
  TEST_GATEWAY_REVERSALS,
  type TestGatewayDeps,
  TestGatewayOutcomeSchema,
  TestGatewayReversalSchema,
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
.operator{margin-top:1.25rem;border-top:1px solid #d1d5db;padding-top:1rem}
.operator h2{font-size:1rem;margin:0 0 .5rem}
label{display:grid;gap:.25rem;font-size:.9rem}
input{font:inherit;padding:.6rem;border-radius:.5rem;border:1px solid #6b7280}
.error{color:#b91c1c;font-weight:600}
.stored{display:grid;gap:.25rem;font-size:.9rem;margin-bottom:.5rem}
.stored select{font:inherit;padding:.5rem;border-radius:.5rem;border:1px solid #d1d5db}
`;

/** An amount typed by the operator ("5", "5.5", "5,50") → cents; empty → undefined (all that is left). */
function centsOfTyped(typed: string | undefined): number | undefined | null {
  const text = (typed ?? '').trim();
  if (text === '') return undefined;
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const ReversalBodySchema = z.object({
  reversal: TestGatewayReversalSchema,
  amount: z.string().max(20).optional(),
});

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
 * Registered only when no real provider is configured (provider-choice.ts).
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

    /** The page: the checkout while open; once paid, the operator's refund and chargeback. */
    const render = async (id: string, refusal?: ReversalRefusal) => {
      const record = await findGatewayPayment(services.db, id);
      if (!record) return undefined;
      const locale: Locale = isLocale(record.locale) ? record.locale : 'en';
      const t = services.translations.t(locale, 'payments');
      const format = (cents: number) =>
        new Intl.NumberFormat(LOCALE_INFO[locale].iso, {
          style: 'currency',
          currency: record.currency,
        }).format(cents / 100);
      const amount = format(record.amountCents);
      const method = t(`methods.${record.method}`);
      const open = record.status === 'open';
      const buttons = TEST_GATEWAY_OUTCOMES.map(
        (outcome) =>
          `<button type="submit" name="outcome" value="${outcome}" class="${outcome}">${escapeHtml(
            t(`test_gateway.outcomes.${outcome}`, { seconds: PAID_LATER_SECONDS }),
          )}</button>`,
      ).join('');
      const reversed = [
        record.refundedCents > 0
          ? `<p data-testid="gateway-refunded">${escapeHtml(t('test_gateway.operator.refunded', { amount: format(record.refundedCents) }))}</p>`
          : '',
        record.chargedBackCents > 0
          ? `<p data-testid="gateway-charged-back">${escapeHtml(t('test_gateway.operator.charged_back', { amount: format(record.chargedBackCents) }))}</p>`
          : '',
      ].join('');
      const error = refusal
        ? `<p class="error" role="alert">${escapeHtml(t(`test_gateway.operator.errors.${refusal}`))}</p>`
        : '';
      const operator =
        record.status === 'paid'
          ? `<section class="operator" aria-labelledby="operator-title">
<h2 id="operator-title">${escapeHtml(t('test_gateway.operator.title'))}</h2>${reversed}
<form method="post" action="/test-gateway/${record.id}/admin">
<label>${escapeHtml(t('test_gateway.operator.amount', { currency: record.currency }))}<input name="amount" inputmode="decimal" autocomplete="off"></label>
${TEST_GATEWAY_REVERSALS.map((reversal) => `<button type="submit" name="reversal" value="${reversal}">${escapeHtml(t(`test_gateway.operator.${reversal}`))}</button>`).join('')}
</form></section>`
          : '';
      return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
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
}${error}${operator}
</div></main></body></html>`;
    };
    const sendPage = (reply: FastifyReply, html: string) =>
      reply
        .header('content-security-policy', csp(publicOrigin))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);

    app.get('/test-gateway/:id', { schema: { hide: true, params: ParamsSchema } }, async (request, reply) => {
      const html = await render(request.params.id);
      if (html === undefined) return reply.code(404).type('text/plain').send('Unknown test payment');
      return sendPage(reply, html);
    });

    // The operator's side of the gateway (a provider's dashboard): refund or charge back a paid
    // payment; the gateway then notifies the webhook as for any change, and the page shows it.
    app.post(
      '/test-gateway/:id/admin',
      {
        schema: { hide: true, params: ParamsSchema, body: ReversalBodySchema },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { id } = request.params;
        const cents = centsOfTyped(request.body.amount);
        const result =
          cents === null
            ? ({ refused: 'amount_invalid' } as const)
            : await reverseGatewayPayment(deps, id, request.body.reversal, cents);
        if (!result) return reply.code(404).type('text/plain').send('Unknown test payment');
        if ('refused' in result) {
          const html = await render(id, result.refused);
          return sendPage(reply.code(400), html ?? '');
        }
        return reply.redirect(`/test-gateway/${id}`, 303);
      },
    );

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
