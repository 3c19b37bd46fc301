import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  DEFAULT_ERROR_MESSAGE,
  type ErrorCode,
  type FieldErrorMap,
  isValidationKey,
  type ValidationKey,
} from '../../shared/errors.ts';
import type { ServiceResult } from '../../shared/load-context.ts';

/** A failure a caller can act on: it travels as `{ error: { code, message, details } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: unknown;
  constructor(code: ErrorCode, statusCode: number, message?: string, details?: unknown) {
    super(message ?? code);
    this.code = code;
    this.statusCode = statusCode;
    this.details = details;
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', 404, message);

/** The 400 of a form: `details.fieldErrors` maps each field to i18n keys under `validation.`. */
export const validationFailed = (fieldErrors: FieldErrorMap, status = 400) =>
  new AppError('validation_failed', status, 'The request is not valid.', { fieldErrors });

/** A validation message that is one of our keys (validation.<key>) rather than zod's English. */
const keyOf = (message: string | undefined): ValidationKey =>
  isValidationKey(message) ? message : 'invalid_field';

/**
 * zod issues → `{ field: [key] }`. Messages the contract set are keys already; zod's own (a value
 * outside an option list, a wrong type) become invalid_field, and fields a call does not accept
 * are refused by name.
 */
function fieldErrorsOf(error: z.ZodError): Record<string, ValidationKey[]> {
  const fieldErrors: Record<string, ValidationKey[]> = {};
  const add = (field: string, key: ValidationKey) => {
    fieldErrors[field] = [...(fieldErrors[field] ?? []), key];
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(key, 'invalid_field');
      continue;
    }
    const field = issue.path[0];
    if (field === undefined) add('_', 'invalid_request');
    else add(String(field), keyOf(issue.message));
  }
  return fieldErrors;
}

/** A body parsed by a schema built for this request (settings, the member), or its 400. */
export function parseOrFail<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error));
  return parsed.data;
}
export const badRequest = (message = 'Bad request', details?: unknown) =>
  new AppError('bad_request', 400, message, details);

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  details?: unknown,
) {
  return reply
    .status(statusCode)
    .send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'authentication_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** One error handler: stable codes for clients, details of 5xx only in the log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'not_found', 'Not found'));
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.statusCode, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, ValidationKey[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        const list = fieldErrors[field] ?? [];
        list.push(keyOf(issue.message));
        fieldErrors[field] = list;
      }
      return sendError(reply, 400, 'validation_failed', 'The request is not valid.', { fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return sendError(reply, 500, 'internal_error', 'Internal server error');
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, status, CODE_BY_STATUS[status] ?? 'internal_error', 'Internal server error');
    }
    return sendError(
      reply,
      status,
      CODE_BY_STATUS[status] ?? 'bad_request',
      error.message || DEFAULT_ERROR_MESSAGE,
    );
  });
}

/**
 * Fastify's own answers to a request it cannot route (`frameworkErrors`): an address whose %-escapes
 * do not decode (`/transactions/%zz`, a link cut short in a mail) got Fastify's JSON, outside the
 * API's contract and no page. A page asked for with GET goes to the same address with each % taken
 * literally, which always decodes, so the page itself answers (its 404, a receipt's "not found") in
 * the visitor's language; anything else is the contract's bad_request. The address stays on this
 * site: leading slashes are one (`//other.example/%zz` would otherwise send the browser to another host).
 */
export function answerUnroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const url = request.raw.url ?? '/';
  const page = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/');
  if (error.code === 'FST_ERR_BAD_URL' && page) {
    const query = url.indexOf('?');
    const path = `/${(query === -1 ? url : url.slice(0, query)).replace(/^[/\\]+/, '')}`;
    return reply.redirect(`${path.replaceAll('%', '%25')}${query === -1 ? '' : url.slice(query)}`, 302);
  }
  return sendError(reply, 400, 'bad_request', DEFAULT_ERROR_MESSAGE);
}

/** A service call for a loader: an AppError becomes the API's answer, anything else still fails the page. */
export async function serviceResult<T>(call: () => Promise<T>): Promise<ServiceResult<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      ok: false,
      status: error.statusCode,
      code: error.code,
      message: error.message,
      details: error.details,
    };
  }
}
