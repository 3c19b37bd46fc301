import { data, redirect } from 'react-router';
import type { WebLoadContext } from '../../shared/load-context.ts';

type MiddlewareArgs = { request: Request; context: WebLoadContext };
type Middleware = (args: MiddlewareArgs) => void;

const isLoggedIn = (context: WebLoadContext) => context.user !== null;

export const MIDDLEWARE: Record<string, Middleware> = {
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
};

/** Runs the named middleware before a loader; a name nobody registered is a programming error: 500. */
export function runMiddleware(names: readonly string[], args: MiddlewareArgs) {
  for (const name of names) {
    const middleware = MIDDLEWARE[name];
    if (!middleware) throw data(`Unknown middleware: ${name}`, { status: 500 });
    middleware(args);
  }
}
