import { AppError } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import type { RequestMeta } from './account-mail.ts';
import {
  accountLocked,
  attemptKeys,
  clearAttemptsQuery,
  countAttempt,
  deviceAfterLogin,
  findDeviceOwner,
  isOverLimit,
  pruneDue,
  pruneLoginLockout,
  rememberDeviceQuery,
} from './lockout.service.ts';
import { verifyPassword } from './passwords.ts';
import {
  type ActiveSession,
  createLoginSession,
  findLoginCandidate,
  revokeSession,
} from './sessions.service.ts';

/**
 * Logs in with e-mail or username. The attempt is counted before the password is looked at
 * (lockout.service.ts, docs/decisions/0013): a locked identifier answers the same for a known and
 * an unknown address, and a browser that logged in to the account before is counted apart, so a
 * stranger's wrong passwords never lock the owner out of it.
 */
export async function login(
  services: Pick<AppServices, 'db' | 'now'>,
  input: { email: string; password: string },
  meta: RequestMeta & { deviceToken?: string },
) {
  const { db } = services;
  const now = services.now();
  // Independent reads: one round trip's wait instead of two.
  const [candidate, device] = await Promise.all([
    findLoginCandidate(db, input.email),
    findDeviceOwner(db, meta.deviceToken),
  ]);
  const user = candidate?.user;
  const knownDevice = user && device?.userId === user.id ? device : undefined;
  // The first key decides what the caller is told; the account's key only caps the guesses an
  // account gets through all its identifiers together, and is never told (that would link them).
  const keys = knownDevice
    ? [attemptKeys.device(knownDevice.userId, knownDevice.deviceHash)]
    : [attemptKeys.login(input.email), ...(user ? [attemptKeys.account(user.id)] : [])];
  const [front, account] = await countAttempt(db, keys, now);
  if (!front) throw new Error('countAttempt returned no row');
  if (pruneDue()) await pruneLoginLockout(db, now);
  if (isOverLimit(front)) throw accountLocked(front, now);
  // An account out of guesses through another identifier still costs a full hash, like any other.
  const hash = account && isOverLimit(account) ? null : (user?.passwordHash ?? null);
  const ok = await verifyPassword(hash, input.password);
  if (!ok || !candidate || !user || user.erasedAt) {
    if (front.lockedUntil) throw accountLocked(front, now);
    throw new AppError('login_failed', 401, 'Login failed, please try again');
  }
  // Only with the right password: a stranger learns nothing of the account. The login page sends
  // the member to the ban page (/pages/ban).
  if (user.status === 'disabled') {
    throw new AppError('account_suspended', 403, 'This account has been suspended');
  }
  if (user.status === 'pending_deletion') {
    throw new AppError('account_pending_deletion', 409, 'This account is about to be deleted');
  }
  const nextDevice = deviceAfterLogin(knownDevice && meta.deviceToken);
  const login = await createLoginSession(db, candidate, { ...meta, now }, [
    db.$with('clear_attempts').as(clearAttemptsQuery(db, keys)),
    db.$with('remember_device').as(rememberDeviceQuery(db, user.id, nextDevice.hash, now)),
  ]);
  return { ...login, deviceToken: nextDevice.token };
}

export async function logout(
  services: Pick<AppServices, 'db' | 'now' | 'sessions'>,
  session: ActiveSession | null,
) {
  if (!session) return;
  await revokeSession(services.db, session.id, services.now());
  await services.sessions.invalidateUser(session.user.id);
}
