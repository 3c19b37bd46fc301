import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

const trustEveryProxy = () => true;

/**
 * request.hostname and request.ip as Fastify computes them with `trustProxy: true` (see buildApp),
 * for code that answers before Fastify sees the request. raw-request.test.ts holds them to
 * Fastify's own answers, so the two cannot drift apart unnoticed.
 */
export function rawHostname(raw: IncomingMessage): string {
  const forwarded = raw.headers['x-forwarded-host'];
  const host = forwarded ? lastEntry(String(forwarded)) : (raw.headers.host ?? '');
  if (host[0] === '[') return host.slice(0, host.indexOf(']') + 1);
  return host.split(':', 1)[0] as string;
}

export function rawIp(raw: IncomingMessage): string | undefined {
  const addresses = proxyAddr.all(raw, trustEveryProxy);
  return addresses[addresses.length - 1];
}

// Fastify takes the last value when a proxy header is repeated.
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}
