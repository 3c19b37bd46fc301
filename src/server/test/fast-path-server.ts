import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';

export type Answer = { status: number; headers: Record<string, string>; body: Buffer };
type FastPath = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

/**
 * What buildApp's serverFactory does (a fast path in front of Fastify's routing) on a real port,
 * counting the answers the fast path gave, so a test can hold both paths to the same answer.
 */
export function fastPathServer(app: FastifyInstance, fastPath: FastPath) {
  let served = 0;
  const server = http.createServer((request, response) => {
    if (fastPath(request, response)) served += 1;
    else app.routing(request, response);
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** node:http rather than fetch: fetch would decompress and hide the encoding. Date is left out. */
  const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      http
        .request(`${base}${path}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const { date: _date, ...rest } = res.headers as Record<string, string>;
            resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
          });
        })
        .on('error', reject)
        .end();
    });

  return {
    served: () => served,
    get: (path: string, headers: Record<string, string> = {}) => request(path, headers),
    head: (path: string, headers: Record<string, string> = {}) => request(path, headers, 'HEAD'),
    /** The same request twice: the first through Fastify (which fills the caches), the second early. */
    async bothPaths(path: string, headers: Record<string, string>) {
      const before = served;
      const viaFastify = await request(path, headers);
      const early = await request(path, headers);
      return { viaFastify, early, servedEarly: served - before };
    },
  };
}

/** Fastify adds its own keep-alive timing; every other header must be the same. */
export function withoutKeepAlive(headers: Record<string, string>) {
  const { 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}
