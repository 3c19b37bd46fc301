import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendEncodedBody } from '../../lib/encoded-body.ts';
import { rawHostname, rawIp } from '../../lib/raw-request.ts';
import { plainLocalizedGet, requestContextOf } from '../../plugins/request-context.ts';
import { apiSecurityHeaders } from '../../plugins/security-headers.ts';
import type { AppServices } from '../../services.ts';
import { SETTINGS_HEADERS } from './settings.service.ts';

const NO_QUERY = Object.freeze({});

/**
 * GET /api/settings.php answered from the resolved-settings cache before Fastify, when the answer
 * is already there. It is the hottest call of the site (every tab, every language switch), and
 * Fastify's request, reply, hook and send machinery cost more than the rest of it together (see
 * docs/decisions/0011). It answers only the plain case, with the same functions the route uses:
 * - a GET of exactly /api/settings.php (no query: no forced domain, no traffic source in the URL),
 * - a valid locale cookie (otherwise the route may have to set one),
 * - settings already resolved for this visitor and still current.
 * Everything else returns false and goes through Fastify as usual, which also fills the cache.
 * settings-fast-path.test.ts holds both paths to the same bytes and headers.
 */
export function createSettingsFastPath(services: AppServices) {
  const headers = {
    ...apiSecurityHeaders({ https: services.env.publicUrl.startsWith('https://') }),
    ...SETTINGS_HEADERS,
  };
  const pushPublicKey = services.vapid.publicKey;
  return (raw: IncomingMessage, response: ServerResponse): boolean => {
    const plain = plainLocalizedGet(raw, '/api/settings.php');
    if (!plain) return false;
    const { cookies, locale } = plain;
    const context = requestContextOf(
      { hostname: rawHostname(raw), ip: rawIp(raw), headers: raw.headers, cookies, query: NO_QUERY },
      locale,
      services,
    );
    const entry = services.resolvedSettings.peek({ ...context, pushPublicKey });
    if (!entry) return false;
    return sendEncodedBody(raw, response, {
      headers,
      body: entry.body,
      log: services.log,
      from: 'settings cache',
    });
  };
}

export type SettingsFastPath = ReturnType<typeof createSettingsFastPath>;
