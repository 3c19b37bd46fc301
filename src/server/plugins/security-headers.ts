import type { FastifyInstance } from 'fastify';

/**
 * The security headers helmet would set, computed once: setting a frozen object per response is
 * far cheaper than running helmet's middleware on every request. The HTML's CSP (with a nonce) is
 * set by the SSR feature.
 *
 * API answers (/api/, but not the HTML of the API docs under /api/docs) get only the headers that mean something for a JSON body: no sniffing, no
 * cross-origin reads, no framing, no referrer. The rest (opener policy, agent cluster, permissions,
 * download and DNS-prefetch switches) govern documents, and every header costs each response
 * validation and bytes on the hottest calls.
 */
export function apiSecurityHeaders(options: { https: boolean }): Readonly<Record<string, string>> {
  const api: Record<string, string> = {
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
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'camera=(), microphone=(), payment=(self), geolocation=(self)',
  };
  app.addHook('onRequest', (request, reply, done) => {
    const isApiCall = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isApiCall ? api : documents);
    done();
  });
}
