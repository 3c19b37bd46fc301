import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { complaints } from '../db/schema/index.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { createTestDb } from '../test/db.ts';
import { createLazyChildLogger } from './lazy-child-logger.ts';
import { createLogger, describeError } from './logger.ts';

const database = await createTestDb();
afterAll(() => database.close());

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info' }, stream) };
}

/** A query PostgreSQL refuses, with values nobody may find in a log file. */
const SECRET = 'geheim-adres@example.nl';
async function failedQuery(): Promise<unknown> {
  try {
    await database.db.insert(complaints).values({
      name: 'a\u0000b',
      email: SECRET,
      subject: 'other',
      message: 'private words',
      language: 'nl',
      domain: 'localhost',
    });
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

describe('the error serializer of the server logger', () => {
  it('logs a failed query by its code and message, without the SQL or its parameters', async () => {
    const error = await failedQuery();
    // The error as drizzle throws it carries everything: this is what must not reach the log.
    expect(String((error as Error).message)).toContain(SECRET);
    const { lines, logger } = capture();
    logger.error({ err: error }, 'request failed');
    logger.error(error as Error);
    // As Fastify's own error logging does.
    logger.error({ err: error }, (error as Error).message);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain('private words');
      expect(line).not.toContain('insert into');
      expect(line).not.toContain('params');
      const { err } = JSON.parse(line);
      expect(err).toMatchObject({
        type: 'DrizzleQueryError',
        message: 'Failed query',
        cause: { type: 'DatabaseError', code: '22021', message: expect.stringContaining('0x00') },
      });
      expect(err.stack).toMatch(/^\s+at /);
    }
  });

  it('holds for a request that fails with a database error (the 500 path and its child logger)', async () => {
    const { lines, logger } = capture();
    const app = Fastify({
      loggerInstance: logger as FastifyBaseLogger,
      childLoggerFactory: createLazyChildLogger,
    });
    registerErrorHandling(app);
    app.get('/fails', async () => {
      throw await failedQuery();
    });
    const res = await app.inject({ url: '/fails' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const logged = lines.map((line) => JSON.parse(line)).find((l) => l.msg === 'request failed');
    expect(logged?.err.cause.code).toBe('22021');
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('also when another error wraps the failed query and quotes its message', async () => {
    const error = await failedQuery();
    const wrapped = new Error(`saving the complaint: ${(error as Error).message}`, { cause: error });
    const { lines, logger } = capture();
    logger.error({ err: wrapped }, 'failed');
    expect(lines[0]).not.toContain(SECRET);
    expect(JSON.parse(lines[0] as string).err).toMatchObject({
      message: 'saving the complaint: Failed query',
      cause: { type: 'DrizzleQueryError', cause: { code: '22021' } },
    });
    expect(describeError(wrapped)).not.toContain(SECRET);
    expect(describeError(error)).toMatch(/^Failed query: .*0x00.* \(22021\)$/);
  });

  it('serializes other errors as pino always did', () => {
    const { lines, logger } = capture();
    const error = Object.assign(new Error('smtp down'), { code: 'ECONNREFUSED' });
    logger.error({ err: error }, 'mail failed');
    expect(JSON.parse(lines[0] as string).err).toMatchObject({
      type: 'Error',
      message: 'smtp down',
      code: 'ECONNREFUSED',
      stack: expect.stringContaining('Error: smtp down'),
    });
    expect(describeError(error)).toBe('smtp down');
  });
});
