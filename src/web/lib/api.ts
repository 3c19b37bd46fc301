import { isErrorEnvelope } from '../../shared/error-envelope.ts';
import { LIMITS } from '../../shared/limits.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Retrying is only safe for reads and for writes the server treats as idempotent. */
  retry?: boolean;
  /** An attempt without an answer by then counts as a lost connection (network_error). */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Exponential delays between retries: fetch delay × 2^attempt (200, 400, 800 ...). */
export function retryDelay(attempt: number): number {
  return LIMITS.fetchDelayMs * 2 ** attempt;
}

function isRetryable(status: number) {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Listeners for a lost session (403 authentication_required), wired by the session feature. */
const authLostListeners = new Set<() => void>();
export function onAuthenticationLost(listener: () => void) {
  authLostListeners.add(listener);
  return () => {
    authLostListeners.delete(listener);
  };
}

let csrfToken: string | undefined;
/** The logged-in member's CSRF token (from the user object), sent on every state-changing call. */
export function setCsrfToken(token: string | undefined) {
  csrfToken = token;
}

/**
 * The token as a header, for the one GET that needs it (logout): a browser without Sec-Fetch-Site
 * sends no Origin on a same-origin GET, and the server then takes the token as the proof.
 */
export const csrfHeader = (): Record<string, string> => (csrfToken ? { 'x-csrf-token': csrfToken } : {});

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const doFetch = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const retries = (options.retry ?? method === 'GET') ? LIMITS.httpRetries : 0;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (url.includes('/api/user.php')) headers['x-request-type'] = 'client';
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  for (let attempt = 0; ; attempt += 1) {
    let response: Response | undefined;
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      // Offline, as the browser knows: no retry reaches the server, and its backoff (6 s in all)
      // only kept a chat message "sending" where it should say at once that it waits; what waits is
      // sent again when the connection is back (the chat's reconnect).
      if (attempt >= retries || isOffline())
        throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
      await sleep(retryDelay(attempt));
      continue;
    }
    if (response.ok) {
      return (response.status === 204 ? undefined : await response.json()) as T;
    }
    if (isRetryable(response.status) && attempt < retries) {
      await sleep(retryDelay(attempt));
      continue;
    }
    const payload: unknown = await response.json().catch(() => undefined);
    const error = isErrorEnvelope(payload)
      ? new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details)
      : new ApiError(response.status, 'http_error', response.statusText || 'Error');
    if (
      response.status === 403 &&
      error.code === 'authentication_required' &&
      !url.includes('/api/user.php')
    ) {
      for (const listener of authLostListeners) listener();
    }
    throw error;
  }
}

export const getJson = <T>(url: string, options?: Omit<RequestOptions, 'method'>) => request<T>(url, options);

const once = new Map<string, Promise<unknown>>();

/** interests, regions, companyinfo: fetched once per page load and shared; a failure may be retried. */
export function loadOnce<T>(url: string, options?: Omit<RequestOptions, 'method'>): Promise<T> {
  let found = once.get(url) as Promise<T> | undefined;
  if (!found) {
    found = getJson<T>(url, options);
    found.catch(() => once.delete(url));
    once.set(url, found);
  }
  return found;
}

export function clearLoadOnceCache() {
  once.clear();
}
