import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLazyChildLogger } from './lazy-child-logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}

describe('createLazyChildLogger', () => {
  it('makes no pino child for a request that logs nothing at an enabled level', () => {
    const { logger } = capture('warn');
    let children = 0;
    const parent = new Proxy(logger, {
      get(target, key, receiver) {
        if (key === 'child') children++;
        return Reflect.get(target, key, receiver);
      },
    });
    const child = createLazyChildLogger(parent, { reqId: 'r1' }, {});
    child.info('not written');
    child.debug('not written');
    expect(children).toBe(0);
    child.warn('written');
    expect(children).toBe(1);
  });

  it('writes the bindings on every line, through Fastify', async () => {
    const { lines, logger } = capture('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: createLazyChildLogger });
    app.get('/', (request) => {
      request.log.info({ step: 1 }, 'hello');
      request.log.child({ sub: true }).warn('nested');
      return { ok: true };
    });
    const res = await app.inject({ url: '/', headers: { 'request-id': 'x' } });
    expect(res.statusCode).toBe(200);
    const hello = lines.find((l) => l.msg === 'hello');
    const nested = lines.find((l) => l.msg === 'nested');
    expect(hello).toMatchObject({ step: 1, reqId: expect.any(String) });
    expect(nested).toMatchObject({ sub: true, reqId: hello?.reqId });
    await app.close();
  });

  it('uses a real child when a route sets its own log level', () => {
    const { logger } = capture('info');
    const child = createLazyChildLogger(logger, { reqId: 'r2' }, { level: 'error' });
    expect(child.level).toBe('error');
  });

  it('works with Fastify when logging is off', async () => {
    const app = Fastify({ logger: false, childLoggerFactory: createLazyChildLogger });
    app.get('/', (request) => {
      request.log.info('ignored');
      return { ok: true };
    });
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
    await app.close();
  });
});
