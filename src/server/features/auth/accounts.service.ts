import { eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from './sessions.service.ts';

type AccountFacts = { id: number; name: string; paidUser: boolean };

/**
 * What other features read of an account by its id. `lock`: the account's row stays locked until the
 * caller's transaction ends, so two changes that depend on the account (two uploads taking the last
 * photo place) run one after the other.
 */
export async function findAccount(
  db: Queryable,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<AccountFacts | undefined> {
  const query = db
    .select({ id: users.id, name: users.name, paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId));
  const [account] = await (options.lock ? query.for('update') : query);
  return account;
}

/** The language the member's mails are written in (sendAccountMail reads it from the account). */
export async function setLanguage(
  services: Pick<AppServices, 'db' | 'sessions'>,
  session: ActiveSession,
  language: Locale,
) {
  await services.db.update(users).set({ language }).where(eq(users.id, session.user.id));
  await services.sessions.invalidateUser(session.user.id);
}
