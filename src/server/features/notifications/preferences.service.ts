import { eq } from 'drizzle-orm';
import {
  DISABLED_REASONS,
  type DisabledReason,
  defaultNotificationPreferences,
  MAIL_STOPPING_REASONS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationType,
} from '../../../shared/contracts/notifications.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';
import { authorize } from '../../policy/policy.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { changeNotificationsDisabled } from '../auth/accounts.service.ts';

type PreferenceRow = typeof notificationPreferences.$inferSelect;

/** The stored switches as the contract's table; a member without a row has the defaults. */
function preferencesOf(row: Pick<PreferenceRow, 'email' | 'push'> | undefined): NotificationPreferences {
  if (!row) return defaultNotificationPreferences();
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      { email: row.email.includes(type), push: row.push.includes(type) },
    ]),
  ) as NotificationPreferences;
}

/** Whether the member's switch for this type on this channel is on, from the columns as read (pref_email, pref_push). */
export function switchedOn(
  columns: { pref_email: string[] | null; pref_push: string[] | null },
  type: NotificationType,
  channel: NotificationChannel,
): boolean {
  const stored =
    columns.pref_email && columns.pref_push
      ? ({ email: columns.pref_email, push: columns.pref_push } as Pick<PreferenceRow, 'email' | 'push'>)
      : undefined;
  return preferencesOf(stored)[type][channel];
}

const typesOn = (preferences: NotificationPreferences, channel: NotificationChannel): NotificationType[] =>
  NOTIFICATION_TYPES.filter((type) => preferences[type][channel]);

/** Only the reasons the product knows leave the server; anything else in the column is not the member's business. */
const knownReasons = (stored: readonly string[]): DisabledReason[] =>
  DISABLED_REASONS.filter((reason) => stored.includes(reason));

/** A member's switches and the reasons their mail is off, in one query (the reasons come with the account's row). */
async function readPreferencesOf(db: Queryable, userId: number) {
  const [row] = await db
    .select({
      email: notificationPreferences.email,
      push: notificationPreferences.push,
      disabled: users.notificationsDisabled,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const stored = row.email && row.push ? { email: row.email, push: row.push } : undefined;
  return { preferences: preferencesOf(stored), disabled: row.disabled };
}

/** A member's preferences and why their mail is off, if it is. */
export async function readNotificationSettings(
  db: Queryable,
  viewer: MemberViewer,
): Promise<NotificationSettings> {
  authorize(viewer, 'account.notifications');
  const read = await readPreferencesOf(db, viewer.id);
  return {
    preferences: read?.preferences ?? preferencesOf(undefined),
    notifications_disabled: knownReasons(read?.disabled ?? []),
  };
}

/**
 * Stores the whole table of switches (the form sends all of them, so saving twice is the same as
 * once) and, when asked, switches mail back on after a disabled reason: the member vouches for the
 * address. One transaction, so the answer read after it shows both.
 */
export async function saveNotificationSettings(
  services: Pick<AppServices, 'db' | 'sessions' | 'now'>,
  viewer: MemberViewer,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  authorize(viewer, 'account.notifications');
  const { preferences } = input;
  await services.db.transaction(async (tx) => {
    if (preferences) {
      const values = {
        email: typesOn(preferences, 'email'),
        push: typesOn(preferences, 'push'),
        updatedAt: services.now(),
      };
      await tx
        .insert(notificationPreferences)
        .values({ userId: viewer.id, ...values })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
    }
    if (input.enable_email) await changeNotificationsDisabled(services, tx, viewer.id, { clear: true });
  });
  return readNotificationSettings(services.db, viewer);
}

/**
 * Whether a member wants this type on this channel: what the senders ask before a mail or a push.
 * A bounce or a spam complaint stops every mail (MAIL_STOPPING_REASONS).
 */
export async function wantsNotification(
  db: Queryable,
  userId: number,
  type: NotificationType,
  channel: NotificationChannel,
): Promise<boolean> {
  const read = await readPreferencesOf(db, userId);
  if (!read) return false;
  if (
    channel === 'email' &&
    read.disabled.some((r) => (MAIL_STOPPING_REASONS as readonly string[]).includes(r))
  )
    return false;
  return read.preferences[type][channel];
}

/** The erasure of an account: its switches go with it. */
export async function removePreferencesOf(db: Pick<Database, 'delete'>, userId: number): Promise<void> {
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/**
 * A mail's one-click unsubscribe (RFC 8058), for the member and type its signed link names: that
 * type's mail goes off, and the reason is kept so /notifications can say what happened. Twice is
 * the same as once.
 */
export async function unsubscribeByLink(
  services: Pick<AppServices, 'db' | 'sessions' | 'now'>,
  link: { userId: number; type: NotificationType },
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: notificationPreferences.email, push: notificationPreferences.push })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, link.userId))
      .for('update');
    const preferences = preferencesOf(row);
    preferences[link.type] = { ...preferences[link.type], email: false };
    const values = {
      email: typesOn(preferences, 'email'),
      push: typesOn(preferences, 'push'),
      updatedAt: services.now(),
    };
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, link.userId));
    if (!account) return;
    await tx
      .insert(notificationPreferences)
      .values({ userId: link.userId, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
    await changeNotificationsDisabled(services, tx, link.userId, { add: 'listunsubscribe' });
  });
}
