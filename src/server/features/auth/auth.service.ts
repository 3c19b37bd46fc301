import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type CompleteSignupInput,
  type DeleteAccountSchema,
  type EntrySignupInput,
  type MailChangeSchema,
  type PasswordChangeSchema,
  SIGNUP_PARTS,
  type SignupInput,
  type SignupPart,
} from '../../../shared/contracts/auth.ts';
import type { ValidationKey } from '../../../shared/errors.ts';
import { isLocale, type Locale } from '../../../shared/i18n/locales.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { accountTokens, users } from '../../db/schema/index.ts';
import type { Feature } from '../../feature.ts';
import { defineJob } from '../../lib/jobs.ts';
import { type Mail, MailSchema } from '../../lib/mailer.ts';
import type { TrafficSource } from '../../lib/traffic-source.ts';
import { AppError, validationFailed } from '../../plugins/errors.ts';
import { can } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { completeSignupProfile, createProfile, type NewProfile } from '../profile/profile.service.ts';
import { isRegionOf } from '../regions/regions.service.ts';
import { type AccountMailKind, renderAccountMail } from './auth.mails.ts';
import { isDisposableEmail } from './disposable-domains.ts';
import {
  accountLocked,
  attemptKeys,
  clearAttemptsQuery,
  countAttempt,
  deviceAfterLogin,
  eraseLockoutOf,
  findDeviceOwner,
  isOverLimit,
  pruneDue,
  pruneLoginLockout,
  rememberDeviceQuery,
  unlockAccount,
  verifyMemberPassword,
} from './lockout.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  type ActiveSession,
  createLoginSession,
  createSession,
  findLoginCandidate,
  revokeSession,
  revokeUserSessions,
} from './sessions.service.ts';
import { createToken, hashToken } from './tokens.ts';
import { eraseTrackingRecordOf, recordTrafficSource } from './tracking.service.ts';

export const SEND_MAIL_JOB = defineJob({ name: 'send-mail', payload: MailSchema });
export const ERASE_ACCOUNT_JOB = defineJob({
  name: 'erase-account',
  payload: z.object({ userId: z.number().int().positive(), requestedAt: z.string() }),
  // Due 14 days after the deletion request: kept well beyond that.
  retentionDays: 60,
});
export const PASSWORD_RESET_MAIL_JOB = defineJob({
  name: 'password-reset-mail',
  payload: z.object({ email: z.string().max(254), domain: z.string().max(253) }),
});

const TOKEN_LIFETIME_MS: Record<AccountMailKind, number> = {
  activation: 30 * 86_400_000,
  password_reset: 3_600_000,
  mail_change: 86_400_000,
  reactivation: LIMITS.reactivationDays * 86_400_000,
};

const LINK_PATH: Record<AccountMailKind, string> = {
  activation: '/api/activate.php',
  password_reset: '/reset-password/do',
  mail_change: '/mail-change/do',
  reactivation: '/reactivate',
};

type RequestMeta = { domain: string; locale: Locale; ip?: string; userAgent?: string };

const fieldError = (field: string, code: ValidationKey, status = 400) =>
  validationFailed({ [field]: [code] }, status);

/**
 * Stores a single-use link and enqueues its mail. Given the caller's transaction (`tx`), both
 * commit with the change that causes them, or neither does.
 */
async function sendAccountMail(
  services: AppServices,
  kind: AccountMailKind,
  user: { id: number; email: string; name: string; language: string },
  meta: { domain: string; newEmail?: string },
  tx: Queryable = services.db,
) {
  const { token, hash } = createToken();
  await tx.insert(accountTokens).values({
    userId: user.id,
    kind,
    tokenHash: hash,
    newEmail: meta.newEmail ?? null,
    expiresAt: new Date(services.now().getTime() + TOKEN_LIFETIME_MS[kind]),
  });
  const locale: Locale = isLocale(user.language) ? user.language : 'nl';
  const link = `${services.env.publicUrl}${LINK_PATH[kind]}?token=${encodeURIComponent(token)}`;
  const mail = await renderAccountMail(services, kind, {
    to: meta.newEmail ?? user.email,
    name: user.name,
    locale,
    link,
    domain: meta.domain,
  });
  await services.enqueue(SEND_MAIL_JOB, mail, { tx });
}

export async function sendMailJob(services: Pick<AppServices, 'mailer'>, mail: Mail) {
  await services.mailer.send(mail);
}

/** Uses a mailed token once: the row is marked used in the same statement that finds it. */
async function consumeToken(services: AppServices, kind: AccountMailKind, token: string) {
  const [row] = await services.db
    .update(accountTokens)
    .set({ usedAt: services.now() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, services.now()),
      ),
    )
    .returning();
  return row;
}

/** The checks every new account passes first: sign-up open, a real mailbox, a free address. */
async function checkNewAddress(services: AppServices, email: string, signupsOpen: boolean) {
  if (!signupsOpen) throw new AppError('signups_closed', 403, 'Sign-up is by invitation only');
  if (isDisposableEmail(email)) throw fieldError('email', 'email_disposable');
  const [existing] = await services.db
    .select({ status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (existing?.status === 'pending_deletion') {
    throw new AppError('email_pending_deletion', 409, 'This account is about to be deleted');
  }
  if (existing) throw new AppError('email_exists', 409, 'An account with this e-mail address already exists');
}

/** A region the sign-up form offers for the country (its select lists only those), or none. */
function checkRegion(country: string, region: string | null | undefined) {
  if (region && !isRegionOf(country, region)) throw fieldError('region', 'region_invalid');
}

/** A username nobody else has (compared without case). */
async function checkNameFree(services: AppServices, name: string, exceptUserId?: number) {
  const [taken] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.name}) = ${name.toLowerCase()}`);
  if (taken && taken.id !== exceptUserId) throw fieldError('name', 'name_taken', 409);
}

type SignupMeta = RequestMeta & {
  trafficSource: TrafficSource | undefined;
  signupsOpen: boolean;
  /** settings.geoip_selected_country: the visitor's country if the site serves it, else its default. */
  selectedCountry: string;
};

/**
 * Creates the account (not_confirmed, the signup credits, the tracking record of the traffic
 * source), mails the activation link through the jobs worker and opens a session.
 */
async function createAccount(
  services: AppServices,
  account: {
    email: string;
    name: string;
    passwordHash: string | null;
    missing: SignupPart[];
    profile: NewProfile;
  },
  meta: SignupMeta,
) {
  const values = await services.settings.getValues(meta.domain);
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: account.email,
        name: account.name,
        passwordHash: account.passwordHash,
        status: 'not_confirmed',
        language: meta.locale,
        signupDate: now,
        lastActiveAt: now,
        passwordChangedAt: account.passwordHash ? now : null,
        signupIp: meta.ip ?? null,
        signupMissing: account.missing,
      })
      .onConflictDoNothing()
      .returning();
    // A parallel sign-up with the same address won the race.
    if (!created)
      throw new AppError('email_exists', 409, 'An account with this e-mail address already exists');
    await createProfile(tx, created.id, account.profile);
    if (values.signup_credits > 0)
      await grantCredits(tx, {
        userId: created.id,
        amount: values.signup_credits,
        reason: 'signup',
        reference: `signup:${created.id}`,
      });
    if (meta.trafficSource) await recordTrafficSource(tx, created.id, meta.trafficSource);
    // The activation link and the session belong to the account: a crash leaves all or nothing.
    await sendAccountMail(services, 'activation', created, meta, tx);
    const session = await createSession(tx, created.id, { ...meta, now });
    return { userId: created.id, ...session };
  });
}

export async function signup(services: AppServices, input: SignupInput, meta: SignupMeta) {
  await checkNewAddress(services, input.email, meta.signupsOpen);
  checkRegion(input.country, input.region);
  await checkNameFree(services, input.name);
  return createAccount(
    services,
    {
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      missing: [],
      profile: {
        birthDate: input.date_of_birth,
        gender: input.gender,
        sexuality: input.sexuality,
        country: input.country,
        region: input.region || null,
        city: input.city || null,
        aboutMe: input.signup_message || null,
      },
    },
    meta,
  );
}

/**
 * A birth date for the profile row while the real one is missing. The account is never shown to
 * others before /complete-signup (it stays not_confirmed), and the form asks for the real date.
 */
const BIRTH_DATE_NOT_GIVEN = '1900-01-01';

/**
 * The short sign-up of an advertising entry: e-mail, who you are, whom you seek and the terms.
 * The member is logged in at once and finishes the rest on /complete-signup (SIGNUP_PARTS). The
 * name stays empty until then: mails greet without it, and no login can match it. Without a
 * password nobody can log in to the account; the session, or a password reset, leads back in.
 */
export async function entrySignup(services: AppServices, input: EntrySignupInput, meta: SignupMeta) {
  await checkNewAddress(services, input.email, meta.signupsOpen);
  return createAccount(
    services,
    {
      email: input.email,
      name: '',
      passwordHash: null,
      missing: [...SIGNUP_PARTS],
      profile: {
        birthDate: BIRTH_DATE_NOT_GIVEN,
        gender: input.gender,
        sexuality: input.sexuality,
        // Asked on /complete-signup; until then the visitor's country (or the site's default).
        country: meta.selectedCountry,
      },
    },
    meta,
  );
}

/**
 * Finishes an entry sign-up with the missing parts (validated by makeCompleteSignupSchema). The
 * account becomes active if the e-mail address was already confirmed; otherwise the activation
 * link does that. A second submit after success changes nothing.
 */
export async function completeSignup(
  services: AppServices,
  session: ActiveSession,
  input: CompleteSignupInput,
) {
  // A finished sign-up: a second submit changes nothing (the policy's signup.complete).
  if (!can(viewerOf(session), 'signup.complete')) return;
  if (input.country !== undefined) checkRegion(input.country, input.region);
  if (input.name !== undefined) await checkNameFree(services, input.name, session.user.id);
  const now = services.now();
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
  await services.db.transaction(async (tx) => {
    const [done] = await tx
      .update(users)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(passwordHash ? { passwordHash, passwordChangedAt: now } : {}),
        signupMissing: [],
        status: sql`case when ${users.emailConfirmedAt} is not null and ${users.status} = 'not_confirmed' then 'active' else ${users.status} end`,
      })
      .where(and(eq(users.id, session.user.id), sql`cardinality(${users.signupMissing}) > 0`))
      .returning({ id: users.id });
    if (!done) return; // a parallel submit finished first
    const profile = {
      ...(input.date_of_birth !== undefined ? { birthDate: input.date_of_birth } : {}),
      ...(input.country !== undefined
        ? { country: input.country, region: input.region || null, city: input.city || null }
        : {}),
    };
    await completeSignupProfile(tx, session.user.id, profile, now);
  });
  await services.sessions.invalidateUser(session.user.id);
}

/**
 * Logs in with e-mail or username. The attempt is counted before the password is looked at
 * (lockout.service.ts, docs/decisions/0013): a locked identifier answers the same for a known and
 * an unknown address, and a browser that logged in to the account before is counted apart, so a
 * stranger's wrong passwords never lock the owner out of it.
 */
export async function login(
  services: AppServices,
  input: { email: string; password: string },
  meta: RequestMeta & { deviceToken?: string },
) {
  const { db } = services;
  const now = services.now();
  const candidate = await findLoginCandidate(db, input.email);
  const user = candidate?.user;
  const device = await findDeviceOwner(db, meta.deviceToken);
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
  if (!ok || !candidate || !user || user.erasedAt || user.status === 'disabled') {
    if (front.lockedUntil) throw accountLocked(front, now);
    throw new AppError('login_failed', 401, 'Login failed, please try again');
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

export async function logout(services: AppServices, session: ActiveSession | null) {
  if (!session) return;
  await revokeSession(services.db, session.id, services.now());
  await services.sessions.invalidateUser(session.user.id);
}

export async function activate(services: AppServices, token: string): Promise<boolean> {
  const row = await consumeToken(services, 'activation', token);
  if (!row) return false;
  await services.db
    .update(users)
    .set({
      // An entry sign-up that is not finished stays out of sight until /complete-signup.
      status: sql`case when cardinality(${users.signupMissing}) = 0 then 'active' else ${users.status} end`,
      emailConfirmedAt: services.now(),
    })
    .where(and(eq(users.id, row.userId), eq(users.status, 'not_confirmed')));
  await services.sessions.invalidateUser(row.userId);
  return true;
}

export async function resendActivation(services: AppServices, session: ActiveSession, meta: RequestMeta) {
  if (session.user.status !== 'not_confirmed' || session.user.emailConfirmedAt) return;
  await sendAccountMail(services, 'activation', session.user, meta);
}

export async function setLanguage(services: AppServices, session: ActiveSession, language: Locale) {
  await services.db.update(users).set({ language }).where(eq(users.id, session.user.id));
  await services.sessions.invalidateUser(session.user.id);
}

/**
 * Answers every address the same way after the same work (one job), so the reset tells nobody
 * whether an address has an account; the job finds the account and mails it (docs/decisions/0013).
 */
export async function requestPasswordReset(services: AppServices, email: string, meta: RequestMeta) {
  await services.enqueue(PASSWORD_RESET_MAIL_JOB, { email: email.trim().toLowerCase(), domain: meta.domain });
}

export async function passwordResetMailJob(
  services: AppServices,
  payload: z.infer<typeof PASSWORD_RESET_MAIL_JOB.payload>,
) {
  const [user] = await services.db.select().from(users).where(sql`lower(${users.email}) = ${payload.email}`);
  if (!user || user.erasedAt || user.status === 'disabled') return;
  await sendAccountMail(services, 'password_reset', user, { domain: payload.domain });
}

export async function resetPassword(services: AppServices, input: { token: string; password: string }) {
  const row = await consumeToken(services, 'password_reset', input.token);
  if (!row) throw new AppError('link_invalid', 410, 'Link expired or invalid, request a new email');
  const now = services.now();
  const [user] = await services.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      passwordChangedAt: now,
      // An entry sign-up that lost its session gets in this way; /complete-signup asks the rest.
      signupMissing: sql`array_remove(${users.signupMissing}, 'password')`,
    })
    .where(eq(users.id, row.userId))
    .returning({ id: users.id, email: users.email, name: users.name });
  // The mailbox proved the owner: every lock on the account lifts, also one a stranger caused.
  if (user) await unlockAccount(services.db, user);
  // Whoever knew the old password is logged out everywhere.
  await revokeUserSessions(services.db, row.userId, now);
  await services.sessions.invalidateUser(row.userId);
}

/** A logged-in member's own password, asked again before a change; limited like logins. */
async function checkMemberPassword(
  services: AppServices,
  session: ActiveSession,
  password: string,
  field: 'old_password' | 'password',
) {
  await verifyMemberPassword(
    services.db,
    session.user.id,
    services.now(),
    () => verifyPassword(session.user.passwordHash, password),
    () => fieldError(field, 'old_password_wrong'),
  );
}

export async function changePassword(
  services: AppServices,
  session: ActiveSession,
  input: z.infer<typeof PasswordChangeSchema>,
) {
  await checkMemberPassword(services, session, input.old_password, 'old_password');
  const now = services.now();
  await services.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), passwordChangedAt: now })
    .where(eq(users.id, session.user.id));
  await revokeUserSessions(services.db, session.user.id, now, session.id);
  await services.sessions.invalidateUser(session.user.id);
}

export async function requestMailChange(
  services: AppServices,
  session: ActiveSession,
  input: z.infer<typeof MailChangeSchema>,
  meta: RequestMeta,
) {
  await checkMemberPassword(services, session, input.password, 'password');
  if (isDisposableEmail(input.email)) throw fieldError('email', 'new_email_invalid');
  const [taken] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (taken)
    throw new AppError('email_taken', 409, 'This email address already owns an account on this website.');
  await sendAccountMail(services, 'mail_change', session.user, { ...meta, newEmail: input.email });
}

export async function confirmMailChange(services: AppServices, token: string) {
  const row = await consumeToken(services, 'mail_change', token);
  if (!row?.newEmail) throw new AppError('link_invalid', 410, 'Link expired or invalid, request a new email');
  const [taken] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.newEmail}`);
  if (taken)
    throw new AppError('email_taken', 409, 'This email address already owns an account on this website.');
  // Following the link proves the new address works, which confirms an unconfirmed account too.
  await services.db
    .update(users)
    .set({
      email: row.newEmail,
      emailConfirmedAt: services.now(),
      status: sql`case when ${users.status} = 'not_confirmed' then 'active' else ${users.status} end`,
    })
    .where(eq(users.id, row.userId));
  await services.sessions.invalidateUser(row.userId);
}

export async function deleteAccount(
  services: AppServices,
  session: ActiveSession,
  input: z.infer<typeof DeleteAccountSchema>,
  meta: RequestMeta,
) {
  // An advertising entry's account that never got a password is confirmed by its session alone.
  if (session.user.passwordHash !== null)
    await checkMemberPassword(services, session, input.password, 'password');
  const now = services.now();
  // One transaction: hidden, logged out everywhere, the way back mailed and the erasure scheduled.
  // A crash in between used to leave an account hidden whose erasure was never scheduled.
  await services.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        status: 'pending_deletion',
        deletionRequestedAt: now,
        deleteReason: input.reason,
        deleteRemarks: input.remarks || null,
      })
      .where(eq(users.id, session.user.id));
    await revokeUserSessions(tx, session.user.id, now);
    await sendAccountMail(services, 'reactivation', session.user, meta, tx);
    await services.enqueue(
      ERASE_ACCOUNT_JOB,
      { userId: session.user.id, requestedAt: now.toISOString() },
      {
        tx,
        runAt: new Date(now.getTime() + LIMITS.reactivationDays * 86_400_000),
        dedupeKey: `erase:${session.user.id}:${now.toISOString()}`,
      },
    );
    await services.sessions.invalidateUser(session.user.id, tx);
  });
}

export async function requestReactivation(services: AppServices, email: string, meta: RequestMeta) {
  const [user] = await services.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  // Said the same way whether or not the address is pending deletion: nothing to learn here.
  if (user?.status === 'pending_deletion' && !user.erasedAt)
    await sendAccountMail(services, 'reactivation', user, meta);
}

export async function reactivate(services: AppServices, token: string, meta: RequestMeta) {
  const row = await consumeToken(services, 'reactivation', token);
  if (!row) throw new AppError('link_invalid', 410, 'Link expired or invalid, request a new email');
  const [user] = await services.db
    .update(users)
    .set({
      status: sql`case when ${users.emailConfirmedAt} is null then 'not_confirmed' else 'active' end`,
      deletionRequestedAt: null,
      deleteReason: null,
      deleteRemarks: null,
    })
    .where(and(eq(users.id, row.userId), eq(users.status, 'pending_deletion'), isNull(users.erasedAt)))
    .returning();
  if (!user) throw new AppError('link_invalid', 410, 'Link expired or invalid, request a new email');
  await services.sessions.invalidateUser(user.id);
  const session = await createSession(services.db, user.id, { ...meta, now: services.now() });
  return { userId: user.id, ...session };
}

/**
 * After the reactivation window: personal data goes (profile, photos, e-mail, name, password);
 * the row stays as an anonymous stub because payment records must be kept for the tax office.
 */
/** Auth's own rows of an account being erased: its mailed links and the traffic source it came with. */
export async function eraseAccountRowsOf(tx: Tx, userId: number): Promise<void> {
  await eraseTrackingRecordOf(tx, userId);
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
}

export async function eraseAccountJob(
  services: AppServices,
  payload: z.infer<typeof ERASE_ACCOUNT_JOB.payload>,
  features: readonly Feature[],
) {
  const { userId } = payload;
  const [user] = await services.db.select().from(users).where(eq(users.id, userId));
  if (user?.status !== 'pending_deletion' || user.erasedAt) return; // reactivated or already erased
  const windowEnd = (user.deletionRequestedAt?.getTime() ?? 0) + LIMITS.reactivationDays * 86_400_000;
  if (services.now().getTime() < windowEnd) return; // a later deletion request has its own job
  await services.db.transaction(async (tx) => {
    // Every feature removes its own rows of the member (photos, blocks, the profile, …).
    for (const feature of features) await feature.eraseAccount?.(services, tx, userId);
    await eraseLockoutOf(tx, user);
    await tx
      .update(users)
      .set({
        email: `erased-${userId}@erased.invalid`,
        name: `deleted-${userId}`,
        passwordHash: null,
        signupIp: null,
        deleteRemarks: null,
        status: 'disabled',
        erasedAt: services.now(),
      })
      .where(eq(users.id, userId));
  });
}
