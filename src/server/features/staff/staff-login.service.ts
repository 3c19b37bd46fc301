import { eq } from 'drizzle-orm';
import type { StaffLoginState } from '../../../shared/contracts/staff.ts';
import type { Database } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { accountLocked, clearAttemptsQuery, countAttempt, isOverLimit } from '../auth/lockout.service.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import { findStaffByEmail } from './staff.service.ts';
import { writeAudit } from './staff-audit.service.ts';
import {
  completeStaffSession,
  createStaffSession,
  revokeStaffSession,
  type StaffSession,
} from './staff-sessions.service.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpQrSvg,
  totpStepOf,
  totpUri,
} from './staff-totp.ts';

type Meta = { ip?: string; userAgent?: string };

/**
 * The keys a staff login is counted on, with the members' lockout (five, then 15 minutes;
 * docs/decisions/0013): the typed address, so an unknown one locks like a known one; the account
 * for its second factor; and the client's address, so one machine cannot try many accounts.
 * Prefixed apart from the members' keys: a member's lock never locks a staff login nor the reverse.
 */
const staffKeys = {
  login: (email: string) => hashToken(`staff-login:${email.trim().toLowerCase()}`),
  totp: (staffId: number) => hashToken(`staff-totp:${staffId}`),
  address: (ip: string | undefined) => hashToken(`staff-ip:${ip ?? 'unknown'}`),
};

const loginFailed = () => new AppError('login_failed', 401, 'Login failed, please try again');
const totpInvalid = () =>
  new AppError(
    'totp_invalid',
    401,
    'The code is not valid. Enter the current code from your authenticator app or a recovery code.',
  );

/** Counts one check on every key; refuses without a check when any key is over its limit. */
async function countOrRefuse(db: Database, keys: string[], now: Date) {
  const counts = await countAttempt(db, keys, now);
  const over = counts.find(isOverLimit);
  if (over) throw accountLocked(over, now);
  return counts;
}

/** A failed check's answer: the lock once this check reached the limit, else `wrong`. */
function failure(counts: Awaited<ReturnType<typeof countAttempt>>, now: Date, wrong: () => AppError) {
  const locked = counts.find((count) => count.lockedUntil);
  return locked ? accountLocked(locked, now) : wrong();
}

type FailedLogin = {
  step: 'password' | 'second_factor';
  reason: 'unknown_address' | 'wrong_password' | 'disabled' | 'wrong_code';
  /** The account tried, where the address is one: whom the attempt was against. */
  staffId: number | null;
};

/**
 * A failed staff login in the audit log, with its address, whom it was against and whether it locked
 * the login: the log is where an administrator looks for someone trying. Each failed check writes
 * one row and the lockout bounds the checks (five per key in 15 minutes), so attempts refused while
 * locked write none. Nobody is logged in yet: no actor. A typed address that is no account's is not
 * kept (a password typed in the wrong field would be).
 */
async function auditFailedLogin(
  db: Database,
  attempt: FailedLogin,
  refusal: AppError,
  ip: string | undefined,
  now: Date,
) {
  await writeAudit(
    db,
    { staffId: null, roles: [], ip: ip ?? null },
    {
      action: 'staff.login_failed',
      target: attempt.staffId === null ? undefined : `staff:${attempt.staffId}`,
      after: { step: attempt.step, reason: attempt.reason, locked: refusal.code === 'account_locked' },
    },
    now,
  );
  return refusal;
}

/**
 * Step one: the password. Opens a session that can do nothing but the second step (stage
 * `password`); the cookie is set by the route.
 */
export async function loginStaffWithPassword(
  services: Pick<AppServices, 'db' | 'now'>,
  input: { email: string; password: string },
  meta: Meta,
) {
  const { db } = services;
  const now = services.now();
  const keys = [staffKeys.login(input.email), staffKeys.address(meta.ip)];
  const counts = await countOrRefuse(db, keys, now);
  const staff = await findStaffByEmail(db, input.email);
  const ok = await verifyPassword(staff?.passwordHash ?? null, input.password);
  if (!ok || !staff || staff.disabledAt)
    throw await auditFailedLogin(
      db,
      {
        step: 'password',
        reason: !staff ? 'unknown_address' : !ok ? 'wrong_password' : 'disabled',
        staffId: staff?.id ?? null,
      },
      failure(counts, now, loginFailed),
      meta.ip,
      now,
    );
  await clearAttemptsQuery(db, keys);
  const session = await createStaffSession(db, staff.id, { ...meta, now });
  return { ...session, state: await loginState(db, staff.id) };
}

/**
 * What the half-logged-in person sees: the code field, or on a first login (or after a reset) the
 * set-up with a QR code. The secret is made once and kept unconfirmed, so the page can be shown
 * again without invalidating what the app already scanned.
 */
export async function loginState(db: Database, staffId: number): Promise<StaffLoginState> {
  const [staff] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
  if (!staff) throw loginFailed();
  if (staff.totpConfirmedAt && staff.totpSecret) return { step: 'totp' };
  let secret = staff.totpSecret;
  if (!secret) {
    const [row] = await db
      .update(staffAccounts)
      .set({ totpSecret: newTotpSecret() })
      .where(eq(staffAccounts.id, staffId))
      .returning({ secret: staffAccounts.totpSecret });
    secret = row?.secret ?? null;
  }
  if (!secret) throw loginFailed();
  const uri = totpUri(secret, staff.email);
  return { step: 'totp_setup', secret, uri, qrSvg: await totpQrSvg(uri) };
}

/**
 * Step two: a TOTP code (or, once set up, a recovery code). Counted per account and per address
 * like the password. On success the session is complete, a code is never accepted twice, and the
 * login gets its audit row; a first set-up returns the recovery codes, shown this once.
 */
export async function verifyStaffSecondFactor(
  services: Pick<AppServices, 'db' | 'now'>,
  session: StaffSession,
  code: string,
  meta: Meta,
): Promise<{ recoveryCodes: string[] | null }> {
  const { db } = services;
  const now = services.now();
  const keys = [staffKeys.totp(session.staff.id), staffKeys.address(meta.ip)];
  const counts = await countOrRefuse(db, keys, now);
  const result = await db.transaction(async (tx) => {
    const [staff] = await tx
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, session.staff.id))
      .for('update');
    if (!staff?.totpSecret || staff.disabledAt) return 'disabled' as const;
    const step = totpStepOf(staff.totpSecret, code, now);
    const fresh = step !== null && (staff.lastTotpStep === null || step > staff.lastTotpStep);
    const recoveryHash = hashRecoveryCode(code);
    const byRecovery =
      !fresh && staff.totpConfirmedAt !== null && staff.recoveryCodeHashes.includes(recoveryHash);
    if (!fresh && !byRecovery) return 'wrong_code' as const;
    const firstSetUp = staff.totpConfirmedAt === null;
    const recovery = firstSetUp ? newRecoveryCodes() : null;
    await tx
      .update(staffAccounts)
      .set({
        lastTotpStep: fresh ? step : staff.lastTotpStep,
        totpConfirmedAt: staff.totpConfirmedAt ?? now,
        recoveryCodeHashes: recovery
          ? recovery.hashes
          : staff.recoveryCodeHashes.filter((hash) => hash !== recoveryHash),
      })
      .where(eq(staffAccounts.id, staff.id));
    await completeStaffSession(tx, session.id, now);
    await writeAudit(
      tx,
      { staffId: staff.id, roles: staff.roles, ip: meta.ip ?? null },
      {
        action: 'staff.login',
        target: `staff:${staff.id}`,
        after: { secondFactor: byRecovery ? 'recovery_code' : firstSetUp ? 'totp_setup' : 'totp' },
      },
      now,
    );
    return { recoveryCodes: recovery?.codes ?? null };
  });
  if (typeof result === 'string')
    throw await auditFailedLogin(
      db,
      { step: 'second_factor', reason: result, staffId: session.staff.id },
      failure(counts, now, totpInvalid),
      meta.ip,
      now,
    );
  await clearAttemptsQuery(db, keys);
  return result;
}

export async function logoutStaff(services: Pick<AppServices, 'db' | 'now'>, session: StaffSession | null) {
  if (session) await revokeStaffSession(services.db, session.id, services.now());
}
