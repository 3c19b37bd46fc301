import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import pino, { type DestinationStream, type Logger, stdSerializers } from 'pino';

/**
 * The process's logger (main.ts) and the tests' (test/app.ts): one place for what a log line may
 * hold. A failed query's DrizzleQueryError carries the SQL and its parameters in its message,
 * stack and fields ("Failed query: insert … params: jan@example.nl,…"), and PostgreSQL's `detail`
 * repeats the values of a violated key: e-mail addresses, messages, password hashes would end up
 * in log files kept for months. Errors from the database are logged by what explains them (the
 * SQLSTATE code, PostgreSQL's message, the table and constraint) and by their stack frames.
 */
export function createLogger(options: { level: string }, destination?: DestinationStream): Logger {
  return pino(
    {
      level: options.level,
      serializers: { err: serializeError },
      hooks: {
        logMethod(args, method) {
          return method.apply(this, scrubbedLogArguments(args) as typeof args);
        },
      },
    },
    destination,
  );
}

/** PostgreSQL's error fields that name the schema, never a value. */
const SAFE_DATABASE_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

const isDatabaseError = (error: ErrorLike) =>
  error instanceof DrizzleQueryError || error instanceof pg.DatabaseError;

/** The error and its causes, outermost first (a cause seen twice ends the walk). */
function chainOf(error: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (isErrorLike(current) && !chain.includes(current) && chain.length < 10) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** The stack's frames without its first line, which repeats the message (the SQL and parameters). */
function framesOf(error: ErrorLike): string | undefined {
  const stack = typeof error.stack === 'string' ? error.stack : undefined;
  if (!stack) return undefined;
  const firstFrame = stack.indexOf('\n    at ');
  return firstFrame === -1 ? undefined : stack.slice(firstFrame + 1);
}

type SafeError = { type: string; message: string; stack?: string; cause?: SafeError } & Record<
  string,
  unknown
>;

/** A message that quotes a failed query's message (`${err.message}` in a wrapper) loses the quote. */
function scrubbed(message: string, chain: ErrorLike[]): string {
  let safe = message;
  for (const error of chain)
    if (error instanceof DrizzleQueryError) safe = safe.replaceAll(error.message, 'Failed query');
  return safe;
}

function safeOne(error: ErrorLike, chain: ErrorLike[]): SafeError {
  const type = error.constructor?.name || error.name;
  if (error instanceof DrizzleQueryError) {
    return { type, message: 'Failed query', stack: framesOf(error) };
  }
  if (error instanceof pg.DatabaseError) {
    const safe: SafeError = { type, message: error.message, stack: framesOf(error) };
    for (const field of SAFE_DATABASE_FIELDS) if (error[field] !== undefined) safe[field] = error[field];
    return safe;
  }
  // Something wrapped a database error: its fields are not known to be safe, so only its message.
  return { type, message: scrubbed(error.message, chain), stack: framesOf(error) };
}

/**
 * pino's `err` serializer. Errors that have nothing to do with the database are serialized as
 * pino always did; a database error anywhere in the cause chain makes the whole chain safe.
 */
function serializeError(error: unknown): unknown {
  if (!isErrorLike(error)) return error;
  const chain = chainOf(error);
  if (!chain.some(isDatabaseError)) return stdSerializers.err(error);
  const [outer, ...causes] = chain.map((e) => safeOne(e, chain));
  let last = outer as SafeError;
  for (const cause of causes) {
    last.cause = cause;
    last = cause;
  }
  return outer;
}

/**
 * The line's message: `log.error(error)` makes the error's message the line's (the SQL and its
 * parameters), and Fastify logs `({ err }, err.message)`; both lose the quoted query.
 */
function scrubbedLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const error = isErrorLike(first) ? first : (first as { err?: unknown } | null)?.err;
  if (!isErrorLike(error)) return args;
  const chain = chainOf(error);
  if (!chain.some(isDatabaseError)) return args;
  if (first === error && typeof rest[0] !== 'string') return [first, describeError(error), ...rest];
  return [first, ...rest.map((arg) => (typeof arg === 'string' ? scrubbed(arg, chain) : arg))];
}

/**
 * One line about an error, without query parameters: for log fields and columns that hold a
 * message (a job's last_error) rather than the error itself.
 */
export function describeError(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  const chain = chainOf(error);
  if (!chain.some(isDatabaseError)) return error.message;
  const database = chain.find((e) => e instanceof pg.DatabaseError);
  const reason = database ? `${database.message} (${String(database.code)})` : 'database error';
  return error instanceof DrizzleQueryError || error === database
    ? `Failed query: ${reason}`
    : `${scrubbed(error.message, chain)}: ${reason}`;
}
