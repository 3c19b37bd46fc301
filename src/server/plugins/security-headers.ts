import type { FastifyInstance } from 'fastify';

/**
 * The policy of everything that is not one of our pages: API answers, media, development pages.
 * Pages (SSR, with a nonce), the API docs and the development outboxes set their own.
 */
const NOTHING_ALLOWED_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The security headers helmet would set, computed once: setting a frozen object per response is
 * far cheaper than running helmet's middleware on every request. The HTML's CSP (with a nonce) is
 * set by the SSR feature.
 *
 * API answers (/api/, but not the HTML of the API docs under /api/docs) get only the headers that
 * mean something for a JSON body: no sniffing, no cross-origin reads, no framing, no referrer, no
 * content. The rest (opener policy, agent cluster, permissions,
 * download and DNS-prefetch switches) govern documents, and every header costs each response
 * validation and bytes on the hottest calls.
 */
function apiSecurityHeaders(options: { https: boolean }): Readonly<Record<string, string>> {
  const api: Record<string, string> = {
    // A JSON answer opened as a document runs nothing and is framed by nobody.
    'content-security-policy': NOTHING_ALLOWED_CSP,
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
  };
  if (options.https) api['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return Object.freeze(api);
}

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const api = apiSecurityHeaders(options);
  const documents: Record<string, string> = {
    ...api,
    'content-security-policy': NOTHING_ALLOWED_CSP,
    // Our pages tell our own origin where a request came from, and no other site: with no-referrer a
    // browser sends a page's form post (login, complaints without JavaScript) with Origin: null,
    // which proves no site and which React Router refuses for an action.
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'camera=(), microphone=(), payment=(self), geolocation=(self)',
  };
  app.addHook('onRequest', (request, reply, done) => {
    // The route Fastify matched, not the raw URL (which may be percent-encoded).
    const route = request.routeOptions.url ?? '';
    const isApiCall = route.startsWith('/api/') && !route.startsWith('/api/docs');
    reply.headers(isApiCall ? api : documents);
    done();
  });
}
