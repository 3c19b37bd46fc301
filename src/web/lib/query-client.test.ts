import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { shouldRetryQuery } from './query-client.ts';

describe('query retry', () => {
  it('never repeats a 4xx answer', () => {
    expect(shouldRetryQuery(0, new ApiError(403, 'authentication_required', 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(422, 'validation_failed', 'x'))).toBe(false);
  });
  it('tries a transient failure once more, after the api client’s own retries', () => {
    expect(shouldRetryQuery(0, new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'unavailable', 'x'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(429, 'rate_limited', 'x'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, 'unavailable', 'x'))).toBe(false);
  });
  it('does not retry programming errors', () => {
    expect(shouldRetryQuery(0, new TypeError('undefined is not a function'))).toBe(false);
  });
});
