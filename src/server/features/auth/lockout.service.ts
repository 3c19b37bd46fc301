import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { loginAttempts, loginDevices } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { createToken, hashToken } from './tokens.ts';

/** Wrong passwords per key before it locks (the spec: five, then blocked for 15 minutes). */
const MAX_FAILED_LOGINS = 5;
const LOCK_MINUTES = 15;
const LOCK_MS = LOCK_MINUTES * 60_000;
/** The known-device cookie lives this long after the browser's last login. */
export const DEVICE_COOKIE = 'ldev';
export const DEVICE_MAX_AGE_S = 365 * 86_400;

/**
 * What a password check is counted against (docs/decisions/0013):
 * - login: the identifier as typed, so an unknown address locks exactly like a known one;
 * - account: every login of an account whatever identifier was typed, so e-mail and username
 *   together still get five guesses;
 * - device: a browser that logged in to the account before, counted apart from strangers;
 * - session: the password checks of a logged-in member (password, e-mail change, deletion).
 * Keys are hashed: the table names no address.
 */
export const attemptKeys = {
  login: (identifier: string) => hashToken(`login:${identifier.trim().toLowerCase()}`),
  account: (userId: number) => hashToken(`account:${userId}`),
  device: (userId: number, deviceHash: string) => hashToken(`device:${userId}:${deviceHash}`),
  session: (userId: number) => hashToken(`session:${userId}`),
};

type AttemptCount = { failures: number; lockedUntil: Date | null };

/**
 * Counts one password check on each key before the hash is verified, in one statement, so
 * parallel requests cannot all read the same count: of any number of concurrent checks at most
 * MAX_FAILED_LOGINS see a count within the limit. The one that reaches the limit sets the lock;
 * later ones see a count above it and are refused without a hash. A key whose lock has run out,
 * or that saw no check for LOCK_MINUTES, starts again at one.
 */
export async function countAttempt(db: Database, keys: string[], now: Date): Promise<AttemptCount[]> {
  const lockAt = new Date(now.getTime() + LOCK_MS);
  const quietSince = new Date(now.getTime() - LOCK_MS);
  const stale = sql`(${loginAttempts.lockedUntil} <= ${now} or (${loginAttempts.lockedUntil} is null and ${loginAttempts.updatedAt} <= ${quietSince}))`;
  const next = sql`${loginAttempts.failures} + 1`;
  const rows = await db
    .insert(loginAttempts)
    .values(keys.map((key) => ({ key, failures: 1, updatedAt: now })))
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        // Capped so a key under a long attack never overflows.
        failures: sql`case when ${stale} then 1 else least(${next}, ${MAX_FAILED_LOGINS + 1}) end`,
        lockedUntil: sql`case when ${stale} then null
          when ${loginAttempts.lockedUntil} is not null then ${loginAttempts.lockedUntil}
          when ${next} >= ${MAX_FAILED_LOGINS} then ${lockAt}::timestamptz
          else null end`,
        updatedAt: now,
      },
    })
    .returning();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = byKey.get(key);
    return { failures: row?.failures ?? 1, lockedUntil: row?.lockedUntil ?? null };
  });
}

/** Whether the check must be refused without looking at the password. */
export const isOverLimit = (count: AttemptCount) => count.failures > MAX_FAILED_LOGINS;

/** The minutes a key still waits, rounded up as the lock message says them. */
function minutesLeft(count: AttemptCount, now: Date) {
  const left = count.lockedUntil ? count.lockedUntil.getTime() - now.getTime() : LOCK_MS;
  return Math.max(1, Math.ceil(left / 60_000));
}

/** The spec's lock message, the same for every identifier, known or not. */
export function accountLocked(count: AttemptCount, now: Date) {
  const minutes = minutesLeft(count, now);
  return new AppError(
    'account_locked',
    429,
    `Too many incorrect attempts, account blocked for ${minutes} min.`,
    { minutes },
  );
}

/** A successful check clears the keys it was counted on (and only those: a stranger's lock stays). */
async function clearAttempts(db: Pick<Database, 'delete'>, keys: string[]) {
  if (keys.length > 0) await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}

/** The statement that clears the keys, for a login to run inside its session insert. */
export const clearAttemptsQuery = (db: Database, keys: string[]) =>
  db.delete(loginAttempts).where(inArray(loginAttempts.key, keys)).returning({ key: loginAttempts.key });

/**
 * Whose browser the `ldev` cookie names, if any. Asked whenever the cookie comes along, whatever
 * the account, so the answer's timing says nothing about the typed identifier.
 */
export async function findDeviceOwner(db: Database, deviceToken: string | undefined) {
  if (!deviceToken) return undefined;
  const deviceHash = hashToken(deviceToken);
  const [row] = await db
    .select({ userId: loginDevices.userId })
    .from(loginDevices)
    .where(eq(loginDevices.tokenHash, deviceHash));
  return row ? { userId: row.userId, deviceHash } : undefined;
}

/**
 * The browser's device token after a successful login: the same one when it was already known
 * for this account, otherwise a new one. A token the browser brought but that is not this
 * account's is never adopted, so nobody can plant a token they know into someone else's browser.
 */
export function deviceAfterLogin(knownToken: string | undefined) {
  if (knownToken) return { token: knownToken, hash: hashToken(knownToken) };
  return createToken();
}

export const rememberDeviceQuery = (db: Database, userId: number, deviceHash: string, now: Date) =>
  db
    .insert(loginDevices)
    .values({ tokenHash: deviceHash, userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: loginDevices.tokenHash, set: { lastUsedAt: now } })
    .returning({ tokenHash: loginDevices.tokenHash });

/** Logins between two prunings, per process: often enough to keep the table small, rare enough to cost nothing. */
const PRUNE_EVERY = 500;
let countsSincePrune = 0;

export function pruneDue(): boolean {
  countsSincePrune += 1;
  if (countsSincePrune < PRUNE_EVERY) return false;
  countsSincePrune = 0;
  return true;
}

/** Removes what no longer counts: keys quiet or unlocked for LOCK_MINUTES, browsers unused for a year. */
export async function pruneLoginLockout(db: Database, now: Date) {
  const quietSince = new Date(now.getTime() - LOCK_MS);
  await db
    .delete(loginAttempts)
    .where(
      and(
        lte(loginAttempts.updatedAt, quietSince),
        or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, now)),
      ),
    );
  await db
    .delete(loginDevices)
    .where(lte(loginDevices.lastUsedAt, new Date(now.getTime() - DEVICE_MAX_AGE_S * 1000)));
}

type AccountIdentity = { id: number; email: string; name: string };

/** Every key an account's checks are counted on: its identifiers, itself, its browsers, its sessions. */
async function keysOf(db: Pick<Database, 'select'>, user: AccountIdentity) {
  const devices = await db
    .select({ hash: loginDevices.tokenHash })
    .from(loginDevices)
    .where(eq(loginDevices.userId, user.id));
  return [
    attemptKeys.login(user.email),
    attemptKeys.login(user.name),
    attemptKeys.account(user.id),
    attemptKeys.session(user.id),
    ...devices.map((device) => attemptKeys.device(user.id, device.hash)),
  ];
}

/** Lifts every lock on the account (after a password reset: the mailbox proved the owner). */
export async function unlockAccount(db: Queryable, user: AccountIdentity) {
  await clearAttempts(db, await keysOf(db, user));
}

/** Everything the lockout keeps about an account, for its erasure. */
export async function eraseLockoutOf(db: Pick<Database, 'select' | 'delete'>, user: AccountIdentity) {
  await clearAttempts(db, await keysOf(db, user));
  await db.delete(loginDevices).where(eq(loginDevices.userId, user.id));
}

/**
 * A logged-in member's password check (password change, e-mail change, deletion): the same five
 * per lock window, counted per account but apart from logins, so a stranger's lock of the login
 * never stops the member changing a password they fear is known.
 */
export async function verifyMemberPassword(
  db: Database,
  userId: number,
  now: Date,
  verify: () => Promise<boolean>,
  wrong: () => AppError,
): Promise<void> {
  const key = attemptKeys.session(userId);
  const [count] = await countAttempt(db, [key], now);
  if (!count) throw new Error('countAttempt returned no row');
  if (isOverLimit(count)) throw passwordChecksLocked(count, now);
  if (await verify()) {
    await clearAttempts(db, [key]);
    return;
  }
  if (count.lockedUntil) throw passwordChecksLocked(count, now);
  throw wrong();
}

function passwordChecksLocked(count: AttemptCount, now: Date) {
  const minutes = minutesLeft(count, now);
  return new AppError(
    'password_checks_locked',
    429,
    `Too many incorrect passwords. Please try again in ${minutes} min.`,
    { minutes },
  );
}
