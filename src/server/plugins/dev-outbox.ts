import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { notFound } from './errors.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The development outboxes (mails now, SMS later) show every account's links and codes, so they
 * exist only on a development machine: never in production, and never when the site's public
 * address is anything but this machine (a server reached by others, even if NODE_ENV was forgotten).
 */
export function devOutboxesServed(env: Pick<Env, 'nodeEnv' | 'publicUrl'>): boolean {
  if (env.nodeEnv === 'production') return false;
  const host = new URL(env.publicUrl).hostname;
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost');
}

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * A development outbox answers only a browser on this machine: the socket's own address (not a
 * header anyone can write, not request.ip, which a configured proxy sets) must be loopback, and a
 * request that came through a proxy (X-Forwarded-For) is refused too, since a proxy on this machine
 * connects from loopback on behalf of anyone. Others get the 404 of a page that does not exist.
 */
export function requireLocalBrowser(request: FastifyRequest): void {
  const direct = isLoopbackAddress(request.socket.remoteAddress) && !request.headers['x-forwarded-for'];
  if (!direct) throw notFound();
}
