import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  defaultNotificationPreferences,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
} from '../../../shared/contracts/notifications.ts';
import type { Database } from '../client.ts';
import { notificationPreferences, users } from '../schema/index.ts';

/**
 * The demo logins' notification preferences, so /notifications has something of each kind to show:
 * the premium man said yes to news and wants messages by push only; the free woman unsubscribed from
 * a mail, so her page shows the disabled-notifications alert and the way back.
 */
const DEMO_PREFERENCES: Record<string, { preferences: NotificationPreferences; disabled?: string }> = {
  'premium@liefdesplein.nl': {
    preferences: {
      ...defaultNotificationPreferences(),
      new_messages: { email: false, push: true },
      news: { email: true, push: false },
    },
  },
  'demo@liefdesplein.nl': {
    preferences: { ...defaultNotificationPreferences(), weekly_updates: { email: false, push: false } },
    disabled: 'listunsubscribe',
  },
};

/**
 * Stores them for logins that have none yet; the number stored. A reason is set only with the first
 * preferences, so a demo member who switched mail back on keeps it on across restarts.
 */
export async function seedDemoNotificationPreferences(db: Database): Promise<number> {
  const logins = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(DEMO_PREFERENCES)));
  let created = 0;
  for (const login of logins) {
    const demo = DEMO_PREFERENCES[login.email];
    if (!demo) continue;
    const on = (channel: 'email' | 'push') => NOTIFICATION_TYPES.filter((t) => demo.preferences[t][channel]);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(notificationPreferences)
        .values({ userId: login.id, email: on('email'), push: on('push') })
        .onConflictDoNothing()
        .returning({ userId: notificationPreferences.userId });
      if (inserted.length === 0) return;
      created++;
      if (demo.disabled)
        await tx
          .update(users)
          .set({
            notificationsDisabled: sql`array_append(${users.notificationsDisabled}, ${demo.disabled}::text)`,
          })
          .where(
            and(
              eq(users.id, login.id),
              sql`not (${demo.disabled}::text = any(${users.notificationsDisabled}))`,
            ),
          );
    });
  }
  return created;
}
