import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type AccountFacts = { id: number; name: string; paidUser: boolean };

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
