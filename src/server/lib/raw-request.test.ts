import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { rawHostname, rawIp } from './raw-request.ts';

// The same trustProxy as buildApp: these functions must give what Fastify gives there.
const app = Fastify({ logger: false, trustProxy: true });
app.get('/', (request) => ({
  fastify: { hostname: request.hostname, ip: request.ip },
  raw: { hostname: rawHostname(request.raw), ip: rawIp(request.raw) },
}));

const cases: { name: string; headers: Record<string, string>; remoteAddress?: string }[] = [
  { name: 'plain host', headers: { host: 'www.example.nl' } },
  { name: 'host with port', headers: { host: 'localhost:3000' } },
  { name: 'IPv6 host', headers: { host: '[::1]:3000' } },
  { name: 'forwarded host', headers: { host: 'internal:8080', 'x-forwarded-host': 'liefdesplein.nl' } },
  {
    name: 'forwarded host repeated',
    headers: { host: 'internal', 'x-forwarded-host': 'evil.example, liefdesplein.nl:443' },
  },
  { name: 'forwarded for', headers: { host: 'a.nl', 'x-forwarded-for': '81.2.69.142' } },
  { name: 'forwarded chain', headers: { host: 'a.nl', 'x-forwarded-for': '81.2.69.142, 10.0.0.1' } },
  { name: 'IPv6 peer', headers: { host: 'a.nl' }, remoteAddress: '::ffff:81.2.69.142' },
];

describe('rawHostname and rawIp', () => {
  it.each(cases)('agree with Fastify: $name', async ({ headers, remoteAddress }) => {
    const res = await app.inject({ url: '/', headers, remoteAddress });
    const { fastify, raw } = res.json();
    expect(raw).toEqual(fastify);
  });
});
