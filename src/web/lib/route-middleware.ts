import { data, type MiddlewareFunction, redirect } from 'react-router';
import type { WebLoadContext } from '../../shared/load-context.ts';

type Guard = (args: { request: Request; context: Readonly<WebLoadContext> }) => void;

const isLoggedIn = (context: Readonly<WebLoadContext>) => context.user !== null;

const ROUTE_GUARDS = {
  /** Pages for members only: visitors go to the login page and come back afterwards. */
  auth: ({ request, context }) => {
    if (!isLoggedIn(context)) {
      const url = new URL(request.url);
      throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
    }
  },
  /**
   * Member pages: a member whose advertising-entry sign-up still misses parts (name, age,
   * location, password) finishes it first; until then nobody can see them anyway.
   */
  complete: ({ context }) => {
    if (context.user && context.user.signup_missing.length > 0) throw redirect('/complete-signup');
  },
  /** Pages for visitors only (login, sign-up): members go to the member search. */
  guest: ({ context }) => {
    if (isLoggedIn(context)) throw redirect('/members');
  },
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof ROUTE_GUARDS;

/**
 * React Router middleware for a route module's `middleware` export: the named guards in order,
 * before any loader of the route or its children runs. A name nobody registered (only reachable
 * past the types) is a programming error: 500.
 */
export function guards(...names: readonly GuardName[]): MiddlewareFunction<Response>[] {
  return names.map((name) => {
    const guard: Guard | undefined = ROUTE_GUARDS[name];
    return ({ request, context }) => {
      if (!guard) throw data(`Unknown middleware: ${name}`, { status: 500 });
      guard({ request, context });
    };
  });
}
