import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  type CompleteSignupInput,
  type EntrySignupInput,
  SIGNUP_PARTS,
  type SignupInput,
  type SignupPart,
} from '../../../shared/contracts/auth.ts';
import type { LanderSource } from '../../../shared/contracts/landers.ts';
import type { ValidationKey } from '../../../shared/errors.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { TrafficSource } from '../../lib/traffic-source.ts';
import { AppError, validationFailed } from '../../plugins/errors.ts';
import { can } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { announcePartnerChanged } from '../chat/chat.service.ts';
import { grantLandingFreeMessages } from '../chat/landing-free-messages.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { recordConfirmationAttribution, recordSignupAttribution } from '../landers/attribution.service.ts';
import {
  completeSignupProfile,
  createProfile,
  type NewProfile,
  profileBasicsOf,
} from '../profile/profile.service.ts';
import { isRegionOf } from '../regions/regions.service.ts';
import { accountOfToken, consumeToken, type RequestMeta, sendAccountMail } from './account-mail.ts';
import { isDisposableEmail } from './disposable-domains.ts';
import { hashPassword } from './passwords.ts';
import { type ActiveSession, createSession } from './sessions.service.ts';
import { recordTrafficSource } from './tracking.service.ts';

/** What creating an account uses: its rows, the signup credits' settings and the activation mail. */
type SignupDeps = Pick<AppServices, 'db' | 'now' | 'env' | 'enqueue' | 'settings' | 'translations'>;
/** What changing an existing account uses: its rows, the clock and the session cache. */
type AccountUpdateDeps = Pick<AppServices, 'db' | 'now' | 'sessions'>;

const fieldError = (field: string, code: ValidationKey, status = 400) =>
  validationFailed({ [field]: [code] }, status);

/** The checks every new account passes first: sign-up open, a real mailbox, a free address. */
async function checkNewAddress(services: Pick<AppServices, 'db'>, email: string, signupsOpen: boolean) {
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

/**
 * The e-mail step's check (POST /api/signup-email.php): what the sign-up would answer about this
 * address at its end (closed, disposable, taken, about to be deleted), told where it is typed. It
 * reveals nothing the sign-up does not, within limits of its own per address and per IP.
 */
export async function checkSignupAddress(
  services: Pick<AppServices, 'db'>,
  email: string,
  meta: Pick<SignupMeta, 'signupsOpen'>,
): Promise<void> {
  await checkNewAddress(services, email, meta.signupsOpen);
}

/** A region the sign-up form offers for the country (its select lists only those), or none. */
export function checkRegion(country: string, region: string | null | undefined) {
  if (region && !isRegionOf(country, region)) throw fieldError('region', 'region_invalid');
}

/** Whether another account has this username (compared without case). */
async function nameTaken(db: Queryable, name: string, exceptUserId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.name}) = ${name.toLowerCase()}`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return taken !== undefined;
}

/** A username nobody else has (compared without case). */
export async function checkNameFree(services: Pick<AppServices, 'db'>, name: string, exceptUserId?: number) {
  if (await nameTaken(services.db, name, exceptUserId)) throw fieldError('name', 'name_taken', 409);
}

/**
 * What putting a refused name back did: `restored` the name before it; `choose_new` emptied it
 * because another account took that name meanwhile (or there was none), so the member picks a new
 * one on /complete-signup, as after an advertising entry; `newer_kept` changed nothing, because
 * the name is no longer the refused one.
 */
export type NameRestore = 'restored' | 'choose_new' | 'newer_kept';

/**
 * A moderator refused the member's new name: the one before it comes back, in the decision's
 * transaction, but only while the refused name is still the one shown (a newer name stays). Names
 * are unique, so a name another account took meanwhile is not given back: the name is emptied and
 * marked missing, which sends the member to /complete-signup to choose a free one before anything
 * else (signup_missing), and keeps a refused name from being shown meanwhile. The session carries
 * the name: every instance drops the member's cached sessions when the transaction commits.
 */
export async function restoreName(
  services: Pick<AppServices, 'sessions'>,
  tx: Tx,
  userId: number,
  refused: string | null,
  previous: string | null,
): Promise<NameRestore> {
  const [current] = await tx
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!current || current.name !== (refused ?? '')) return 'newer_kept';
  if (previous && !(await nameTaken(tx, previous, userId))) {
    await tx.update(users).set({ name: previous }).where(eq(users.id, userId));
    await services.sessions.invalidateUser(userId, tx);
    return 'restored';
  }
  await tx
    .update(users)
    .set({
      name: '',
      signupMissing: sql`case when 'name' = any(${users.signupMissing}) then ${users.signupMissing} else array_append(${users.signupMissing}, 'name') end`,
    })
    .where(eq(users.id, userId));
  await services.sessions.invalidateUser(userId, tx);
  return 'choose_new';
}

type SignupMeta = RequestMeta & {
  trafficSource: TrafficSource | undefined;
  /** The lander or advertising entry the visitor came through, if any. */
  lander?: LanderSource | undefined;
  signupsOpen: boolean;
  /** settings.geoip_selected_country: the visitor's country if the site serves it, else its default. */
  selectedCountry: string;
};

/**
 * Creates the account (not_confirmed, the signup credits, the tracking record of the traffic
 * source), mails the activation link through the jobs worker and opens a session.
 */
async function createAccount(
  services: SignupDeps,
  account: {
    email: string;
    name: string;
    passwordHash: string | null;
    missing: SignupPart[];
    profile: NewProfile;
    /** The member an entry page showed: the landing flow's free messages go to them. */
    cameFor?: number | undefined;
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
    if (account.cameFor !== undefined)
      await grantLandingFreeMessages(tx, {
        memberId: created.id,
        partnerId: account.cameFor,
        count: values.landing_free_messages,
      });
    await recordTrafficSource(tx, created.id, meta.trafficSource, meta.lander);
    await recordSignupAttribution(tx, meta.trafficSource, meta.lander, now);
    // The activation link and the session belong to the account: a crash leaves all or nothing.
    await sendAccountMail(services, 'activation', created, meta, tx);
    const session = await createSession(tx, created.id, { ...meta, now });
    return { userId: created.id, ...session };
  });
}

export async function signup(services: SignupDeps, input: SignupInput, meta: SignupMeta) {
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
      profile: { ...profileBasicsOf(input), aboutMe: input.signup_message || null },
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
export async function entrySignup(services: SignupDeps, input: EntrySignupInput, meta: SignupMeta) {
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
      cameFor: input.member?.id,
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
  services: AccountUpdateDeps,
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
 * What opening an activation link did: confirmed the address now; found it confirmed already (the
 * link was used before: a mail client that opens links in advance, a second click); or failed (a
 * link nobody was sent, or one that expired or was used while the address is still unconfirmed).
 */
export type ActivationOutcome = 'activated' | 'already_confirmed' | 'failed';

export async function activate(services: AccountUpdateDeps, token: string): Promise<ActivationOutcome> {
  // The link used and the account confirmed together.
  const used = await services.db.transaction(async (tx) => {
    const row = await consumeToken(services, 'activation', token, tx);
    if (!row) return false;
    const confirmed = await tx
      .update(users)
      .set({
        // An entry sign-up that is not finished stays out of sight until /complete-signup.
        status: sql`case when cardinality(${users.signupMissing}) = 0 then 'active' else ${users.status} end`,
        emailConfirmedAt: services.now(),
      })
      .where(and(eq(users.id, row.userId), eq(users.status, 'not_confirmed'), isNull(users.emailConfirmedAt)))
      .returning({ id: users.id });
    if (confirmed.length > 0) await recordConfirmationAttribution(tx, row.userId, services.now());
    await services.sessions.invalidateUser(row.userId, tx);
    // Those they wrote to could not answer until now: their open conversations unlock at once.
    await announcePartnerChanged(tx, row.userId);
    return true;
  });
  if (used) return 'activated';
  // A link that was sent but can no longer be used: the account it was for may be confirmed
  // already, which is all the person who opens it again needs to hear.
  const userId = await accountOfToken(services.db, 'activation', token);
  if (userId === undefined) return 'failed';
  // Active, or an entry sign-up confirmed before its last steps: not a disabled or leaving account.
  const [account] = await services.db
    .select({ confirmed: sql<boolean>`${users.emailConfirmedAt} is not null` })
    .from(users)
    .where(
      and(eq(users.id, userId), inArray(users.status, ['active', 'not_confirmed']), isNull(users.deletedAt)),
    );
  return account?.confirmed ? 'already_confirmed' : 'failed';
}

export async function resendActivation(services: SignupDeps, session: ActiveSession, meta: RequestMeta) {
  if (session.user.status !== 'not_confirmed' || session.user.emailConfirmedAt) return;
  await sendAccountMail(services, 'activation', session.user, meta);
}
