import { isErrorEnvelope } from '../../../shared/error-envelope.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * The back office's CSRF token: the staff session's own, from /api/admin/me.php (the admin
 * layout's data) or a login answer. Never the member's token, which api.ts sends.
 */
let staffCsrfToken: string | undefined;
export function setStaffCsrfToken(token: string | undefined) {
  staffCsrfToken = token;
}

export type AdminRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON, or a FormData sent as multipart/form-data (a photo upload). */
  body?: unknown;
  /** GET query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | undefined>;
  fetchImpl?: typeof fetch;
};

/**
 * A call to /api/admin/*: JSON both ways (a FormData body goes as multipart), the staff CSRF token on every change, and a refusal as
 * the member side's ApiError (its code translated by errors.*). No retries: a back-office change is
 * a person's decision, made again by the person if it was lost. A lost connection is network_error.
 */
export async function adminRequest<T>(
  path: `/api/admin/${string}`,
  options: AdminRequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData (an upload) sets its own multipart type with the boundary.
  const form = options.body instanceof FormData ? options.body : undefined;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET' && staffCsrfToken) headers['x-csrf-token'] = staffCsrfToken;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const url = params.size > 0 ? `${path}?${params}` : path;
  let response: Response;
  try {
    response = await (options.fetchImpl ?? fetch)(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
  }
  if (response.ok) return (await response.json()) as T;
  const payload: unknown = await response.json().catch(() => undefined);
  throw isErrorEnvelope(payload)
    ? new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details)
    : new ApiError(response.status, 'http_error', response.statusText || 'Error');
}
