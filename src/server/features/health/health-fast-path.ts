import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeBody, sendEncodedBody } from '../../lib/encoded-body.ts';
import { apiSecurityHeaders } from '../../plugins/security-headers.ts';
import type { AppServices } from '../../services.ts';
import { HEALTH_HEADERS, HEALTH_UP } from './health.service.ts';

/**
 * GET /api/health.php answered before Fastify while the database is known to be up (a ping less
 * than a second old succeeded). Load balancers call it many times a second, and its latency is
 * what they judge the instance by; Fastify's request machinery is most of its cost, and under load
 * each request's extra work is also more time in which the process can be preempted
 * (docs/decisions/0011, docs/performance.md). When the state is not known, the request goes
 * through Fastify, whose route pings the database and answers 503 when it does not answer.
 * health-fast-path.test.ts holds both paths to the same bytes and headers.
 */
export function createHealthFastPath(services: AppServices) {
  const headers = {
    ...apiSecurityHeaders({ https: services.env.publicUrl.startsWith('https://') }),
    ...HEALTH_HEADERS,
  };
  const body = encodeBody(JSON.stringify(HEALTH_UP));
  return (raw: IncomingMessage, response: ServerResponse): boolean => {
    if (raw.method !== 'GET' || raw.url !== '/api/health.php' || !services.databaseCheck.knownUp())
      return false;
    return sendEncodedBody(raw, response, { headers, body, log: services.log, from: 'health check' });
  };
}
