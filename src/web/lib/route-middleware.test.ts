import { describe, expect, it } from 'vitest';
import type { WebLoadContext } from '../../shared/load-context.ts';
import { runMiddleware } from './route-middleware.ts';

const args = { request: new Request('http://localhost/profile?tab=photos'), context: {} as WebLoadContext };

describe('route middleware', () => {
  it('an unknown middleware is a 500', () => {
    try {
      runMiddleware(['nope'], args);
      expect.unreachable();
    } catch (error) {
      expect((error as { init?: { status: number } }).init?.status).toBe(500);
    }
  });

  it('auth sends a visitor to the login page and back', () => {
    try {
      runMiddleware(['auth'], args);
      expect.unreachable();
    } catch (error) {
      const response = error as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?redirect=%2Fprofile%3Ftab%3Dphotos');
    }
  });

  it('guest lets a visitor through', () => {
    expect(() => runMiddleware(['guest'], args)).not.toThrow();
  });
});
