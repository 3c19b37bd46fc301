/**
 * Stable error codes. The UI shows the translated text `errors.<code>` from the common
 * namespace; `message` on the wire is the English text for logs and API users.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'authentication_required',
  'forbidden',
  'rate_limited',
  'payload_too_large',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const DEFAULT_ERROR_MESSAGE = 'Error';
export const GENERAL_ERROR_MESSAGE = 'An error occured, please try again later.';
