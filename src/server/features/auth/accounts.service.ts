import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DismissalKey } from '../../../shared/contracts/auth.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { defineChannel, publish } from '../../lib/event-bus.ts';
import { authorize } from '../../policy/policy.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from './sessions.service.ts';

/**
 * A member may have left (or come back to) what others see of the site: the invisible switch, a
 * deletion request. Published in the change's transaction, so it is heard on every instance once
 * the change can be read. Caches that hold other members for a viewer (search totals, the home
 * highlights, new-likes counts) drop everything: such changes are rare, and which of their entries
 * held the member is not known without reading them again (docs/decisions/0024).
 */
export const memberVisibilityChanged = defineChannel(
  'member_visibility_changed',
  z.number().int().positive(),
);

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

/** Ids per statement of touchLastActive: a statement's parameters are bounded (65,535). */
const TOUCH_BATCH = 10_000;

/**
 * Stamps last_active_at of members who are online now, but only where the stamp is older than
 * `everyMs`: an online member's row is written once in that time, not on every socket or request.
 * No session invalidation: nothing a session carries is read for this column.
 */
export async function touchLastActive(
  db: Queryable,
  userIds: readonly number[],
  now: Date,
  everyMs: number,
): Promise<void> {
  for (let start = 0; start < userIds.length; start += TOUCH_BATCH) {
    await db
      .update(users)
      .set({ lastActiveAt: now })
      .where(
        and(
          inArray(users.id, userIds.slice(start, start + TOUCH_BATCH)),
          lt(users.lastActiveAt, new Date(now.getTime() - everyMs)),
        ),
      );
  }
}

/**
 * Invisible mode (PUT /api/invisible.php): the member leaves search, the lists and likes of members
 * they have no conversation with, or comes back. One transaction writes the switch and tells every
 * instance (the member's sessions, the visibility cache, the lists' caches), so the next request
 * anywhere sees it. The member's sessions stay: the switch does not log anyone out.
 */
export async function setInvisible(
  services: Pick<AppServices, 'db' | 'sessions'>,
  member: MemberViewer,
  invisible: boolean,
): Promise<void> {
  authorize(member, 'account.set_invisible');
  await services.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ invisible })
      .where(and(eq(users.id, member.id), ne(users.invisible, invisible)))
      .returning({ id: users.id });
    // Switching to what it already is changes nothing, and tells nobody.
    if (changed.length === 0) return;
    await publish(tx, memberVisibilityChanged, member.id);
    await services.sessions.invalidateUser(member.id, tx);
  });
}

/**
 * Stores that the member closed an alert (spec §4: a timestamp each, they do not come back). The
 * first time counts: dismissing again changes nothing. The session carries the dismissals, so the
 * member's cached sessions are dropped with the change, on every instance.
 */
export async function dismissAlert(
  services: Pick<AppServices, 'db' | 'sessions' | 'now'>,
  member: MemberViewer,
  key: DismissalKey,
): Promise<void> {
  authorize(member, 'account.dismiss_alert');
  await services.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({
        dismissals: sql`${users.dismissals} || jsonb_build_object(${key}::text, ${services.now().toISOString()}::text)`,
      })
      .where(and(eq(users.id, member.id), sql`not (${users.dismissals} ? ${key})`))
      .returning({ id: users.id });
    if (changed.length > 0) await services.sessions.invalidateUser(member.id, tx);
  });
}

/**
 * A purchase makes the member premium for life (paid_user), in the payment's transaction. The
 * session carries paid_user, so every instance drops the member's cached sessions when it commits:
 * the next GET /api/user.php (the menu, after the `credits` event) already says premium.
 */
export async function markPaidUser(
  services: Pick<AppServices, 'sessions'>,
  tx: Tx,
  userId: number,
): Promise<boolean> {
  return setPaidUser(services, tx, userId, true);
}

/**
 * Sets paid_user, and drops the member's cached sessions when it changed. `false` ends premium
 * when every purchase that made it was taken back (decision 0035: a member whose only payments
 * were fully refunded or charged back bought nothing); the caller has checked that.
 */
export async function setPaidUser(
  services: Pick<AppServices, 'sessions'>,
  tx: Tx,
  userId: number,
  paid: boolean,
): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ paidUser: paid })
    .where(and(eq(users.id, userId), eq(users.paidUser, !paid)))
    .returning({ id: users.id });
  if (changed.length === 0) return false;
  await services.sessions.invalidateUser(userId, tx);
  return true;
}

/**
 * Why the member's mail is off (notifications_disabled, spec §3): `add` records a reason (a bounce,
 * a spam complaint, a one-click unsubscribe), `clear` switches mail back on. The session carries the
 * list (the user answer), so the member's cached sessions are dropped when it changed.
 */
export async function changeNotificationsDisabled(
  services: Pick<AppServices, 'sessions'>,
  tx: Tx,
  userId: number,
  change: { add: string } | { clear: true },
): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({
      notificationsDisabled:
        'add' in change
          ? sql`array_append(${users.notificationsDisabled}, ${change.add}::text)`
          : sql`'{}'::text[]`,
    })
    .where(
      and(
        eq(users.id, userId),
        'add' in change
          ? sql`not (${change.add}::text = any(${users.notificationsDisabled}))`
          : sql`cardinality(${users.notificationsDisabled}) > 0`,
      ),
    )
    .returning({ id: users.id });
  if (changed.length === 0) return false;
  await services.sessions.invalidateUser(userId, tx);
  return true;
}
