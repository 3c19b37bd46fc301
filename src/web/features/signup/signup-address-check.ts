import { EmailOnlySchema } from '../../../shared/contracts/auth.ts';
import { ApiError, request } from '../../lib/api.ts';

/**
 * What the server says of an address on the e-mail step (POST /api/signup-email.php): free, or
 * what the sign-up would refuse it with at its end. 'unknown': it could not say (offline, limited,
 * not an address yet); the sign-up's own answer then decides, as before.
 */
export type AddressVerdict =
  | 'free'
  | 'email_exists'
  | 'email_pending_deletion'
  | 'email_disposable'
  | 'unknown';

type Post = (email: string) => Promise<unknown>;

const postCheck: Post = (email) => request('/api/signup-email.php', { method: 'POST', body: { email } });

function verdictOf(error: unknown): AddressVerdict {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error.code === 'email_exists' || error.code === 'email_pending_deletion') return error.code;
  const fieldErrors = (error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
  return fieldErrors?.email?.includes('email_disposable') ? 'email_disposable' : 'unknown';
}

/**
 * The check for one wizard: each address is asked once (leaving the field and then pressing Next
 * ask the same question), except after an 'unknown', which the next occasion asks again.
 */
export function createAddressCheck(post: Post = postCheck): (typed: string) => Promise<AddressVerdict> {
  const asked = new Map<string, Promise<AddressVerdict>>();
  return (typed) => {
    const parsed = EmailOnlySchema.safeParse({ email: typed });
    if (!parsed.success) return Promise.resolve('unknown');
    const { email } = parsed.data;
    let verdict = asked.get(email);
    if (!verdict) {
      verdict = post(email).then((): AddressVerdict => 'free', verdictOf);
      asked.set(email, verdict);
      void verdict.then((found) => {
        if (found === 'unknown') asked.delete(email);
      });
    }
    return verdict;
  };
}
