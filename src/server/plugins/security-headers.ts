import type { FastifyInstance } from 'fastify';

/**
 * The security headers helmet would set, computed once: setting a frozen object per response is
 * far cheaper than running helmet's middleware on every request. The HTML's CSP (with a nonce) is
 * set by the SSR feature.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const headers: Record<string, string> = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'camera=(), microphone=(), payment=(self), geolocation=(self)',
  };
  if (options.https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
