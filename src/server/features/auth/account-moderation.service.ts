import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { publish } from '../../lib/event-bus.ts';
import type { AppServices } from '../../services.ts';
import { memberVisibilityChanged } from './accounts.service.ts';
import { revokeUserSessions } from './sessions.service.ts';

/**
 * What the back office's reports change of an account, in the report's transaction (the audit row
 * commits with it). Every change publishes user_changed in that transaction: on every instance the
 * session cache drops the member and the realtime hub re-checks their sockets, so a suspension
 * closes them everywhere once it commits.
 */
type Deps = Pick<AppServices, 'sessions'>;

export type SuspendableStatus = 'not_confirmed' | 'active';

/**
 * Suspends an account: status `disabled`, every session ended. Returns the status it had, or
 * undefined when there was nothing to suspend (already disabled, erased, or being deleted).
 */
export async function suspendAccount(
  services: Deps,
  tx: Tx,
  userId: number,
  now: Date,
): Promise<SuspendableStatus | undefined> {
  const [row] = await tx
    .select({ status: users.status, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row || row.erasedAt || (row.status !== 'active' && row.status !== 'not_confirmed')) return undefined;
  await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
  await revokeUserSessions(tx, userId, now);
  await publish(tx, memberVisibilityChanged, userId);
  await services.sessions.invalidateUser(userId, tx);
  return row.status;
}

/** Gives a suspended account back the status it had; false when it is not suspended (or erased). */
export async function restoreAccount(
  services: Deps,
  tx: Tx,
  userId: number,
  status: SuspendableStatus,
): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ status })
    .where(and(eq(users.id, userId), eq(users.status, 'disabled'), isNull(users.erasedAt)))
    .returning({ id: users.id });
  if (changed.length === 0) return false;
  await publish(tx, memberVisibilityChanged, userId);
  await services.sessions.invalidateUser(userId, tx);
  return true;
}

/** Hides the profile from everyone else (search, lists, the profile view); false when it already was. */
export async function hideAccount(services: Deps, tx: Tx, userId: number, now: Date): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ hiddenAt: now })
    .where(and(eq(users.id, userId), isNull(users.hiddenAt)))
    .returning({ id: users.id });
  if (changed.length === 0) return false;
  await publish(tx, memberVisibilityChanged, userId);
  await services.sessions.invalidateUser(userId, tx);
  return true;
}

/** Shows a hidden profile again (the back office's fictional profiles); false when it was not hidden. */
export async function showAccount(services: Deps, tx: Tx, userId: number): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ hiddenAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.hiddenAt)))
    .returning({ id: users.id });
  if (changed.length === 0) return false;
  await publish(tx, memberVisibilityChanged, userId);
  await services.sessions.invalidateUser(userId, tx);
  return true;
}

/** The facts the back office shows of reported accounts, by id. */
export async function findModerationFacts(tx: Pick<Tx, 'select'>, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { status: string; hidden: boolean }>();
  const rows = await tx
    .select({ id: users.id, status: users.status, hidden: sql<boolean>`${users.hiddenAt} is not null` })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, { status: row.status, hidden: row.hidden }]));
}
