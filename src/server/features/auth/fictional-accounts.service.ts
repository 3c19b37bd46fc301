import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { publish } from '../../lib/event-bus.ts';
import type { AppServices } from '../../services.ts';
import { memberVisibilityChanged } from './accounts.service.ts';
import { checkNameFree } from './signup.service.ts';

/**
 * The accounts behind the back office's fictional profiles. Made as the demo seed makes its
 * members: no password (the login compares against no hash and fails), and an address under a
 * domain that can never receive mail (.invalid, RFC 2606), so neither a login nor a reset link
 * opens one. Active and confirmed at once: nobody can confirm an address that receives nothing.
 */
const FICTIONAL_EMAIL_DOMAIN = 'fictional.liefdesplein.invalid';

type Deps = Pick<AppServices, 'db' | 'sessions'>;

export async function createFictionalAccount(
  services: Pick<AppServices, 'db'>,
  tx: Tx,
  account: { name: string; language: Locale; now: Date },
): Promise<number> {
  await checkNameFree(services, account.name);
  const [created] = await tx
    .insert(users)
    .values({
      email: `fictional+${randomUUID()}@${FICTIONAL_EMAIL_DOMAIN}`,
      name: account.name,
      passwordHash: null,
      status: 'active',
      emailConfirmedAt: account.now,
      language: account.language,
      fictional: true,
      signupDate: account.now,
      lastActiveAt: account.now,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('fictional account insert returned no row');
  return created.id;
}

export type FictionalAccount = {
  id: number;
  name: string;
  language: string;
  status: 'not_confirmed' | 'active' | 'disabled' | 'pending_deletion';
  paidUser: boolean;
  emailConfirmedAt: Date | null;
  signupMissing: string[];
  hidden: boolean;
};

/**
 * A fictional profile's account (`lock`: locked for the caller's change until its transaction
 * ends); undefined for any other account.
 */
export async function findFictionalAccount(
  db: Queryable,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<FictionalAccount | undefined> {
  const query = db
    .select({
      id: users.id,
      name: users.name,
      language: users.language,
      status: users.status,
      paidUser: users.paidUser,
      emailConfirmedAt: users.emailConfirmedAt,
      signupMissing: users.signupMissing,
      hidden: sql<boolean>`${users.hiddenAt} is not null`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.fictional, true), isNull(users.deletedAt)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The name and language of a fictional profile, in the caller's transaction. */
export async function updateFictionalAccount(
  services: Deps,
  tx: Tx,
  userId: number,
  changes: { name?: string | undefined; language?: Locale | undefined },
) {
  if (changes.name !== undefined) await checkNameFree(services, changes.name, userId);
  const set = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.language !== undefined ? { language: changes.language } : {}),
  };
  if (Object.keys(set).length > 0) await tx.update(users).set(set).where(eq(users.id, userId));
  // Names travel in cached cards and sessions' partners: every instance drops its copy.
  await publish(tx, memberVisibilityChanged, userId);
  await services.sessions.invalidateUser(userId, tx);
}
