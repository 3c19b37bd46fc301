import { describe, expect, it } from 'vitest';
import type { WebLoadContext } from '../../shared/load-context.ts';
import { type GuardName, guards } from './route-middleware.ts';

const request = new Request('http://localhost/profile?tab=photos');
const args = { request, context: { user: null } as WebLoadContext };
const memberArgs = { request, context: { user: { id: 1, signup_missing: [] } } as unknown as WebLoadContext };
const unfinished = {
  request,
  context: { user: { id: 2, signup_missing: ['name'] } } as unknown as WebLoadContext,
};

/** Runs the guards as React Router does: in order, each before the next, then the handler. */
function runMiddleware(names: readonly string[], { request, context }: typeof args) {
  const next = async () => new Response(null);
  for (const middleware of guards(...(names as GuardName[]))) {
    void middleware({ request, context } as never, next);
  }
}

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

  it('auth lets a member through', () => {
    expect(() => runMiddleware(['auth'], memberArgs)).not.toThrow();
  });

  it('guest sends a member to the member search', () => {
    try {
      runMiddleware(['guest'], memberArgs);
      expect.unreachable();
    } catch (error) {
      expect((error as Response).headers.get('location')).toBe('/members');
    }
  });

  it('complete sends a member with missing sign-up parts to /complete-signup, and lets others through', () => {
    expect(() => runMiddleware(['complete'], args)).not.toThrow();
    expect(() => runMiddleware(['auth', 'complete'], memberArgs)).not.toThrow();
    try {
      runMiddleware(['auth', 'complete'], unfinished);
      expect.unreachable();
    } catch (error) {
      expect((error as Response).headers.get('location')).toBe('/complete-signup');
    }
  });
});
