import { defineFeature, featureJob } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { authorizeActor } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import { removeBouncesOf } from './bounce-events.ts';
import { inboundRoutes } from './inbound.routes.ts';
import { NOTIFICATION_MAIL_JOB, removeMailsOf, sendNotificationMail } from './notification-mails.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import {
  readNotificationSettings,
  removePreferencesOf,
  saveNotificationSettings,
} from './preferences.service.ts';
import { sendUnreadReminders, UNREAD_REMINDERS_JOB } from './reminders-mails.ts';
import { unsubscribeKeyState } from './unsubscribe-links.ts';
import { sendWeeklyUpdates, WEEKLY_RUN_MS, WEEKLY_UPDATES_JOB } from './weekly-update.ts';

export const notificationsFeature = defineFeature({
  name: 'notifications',
  routes: (services) => async (app) => {
    await app.register(notificationsRoutes(services));
    await app.register(inboundRoutes(services));
  },
  state: [unsubscribeKeyState],
  jobs: [
    featureJob(NOTIFICATION_MAIL_JOB, ({ services }) => async (job) => {
      await sendNotificationMail(services, job);
    }),
    featureJob(UNREAD_REMINDERS_JOB, ({ services }) => async () => {
      await sendUnreadReminders(services);
    }),
    featureJob(WEEKLY_UPDATES_JOB, ({ services }) => async () => {
      await sendWeeklyUpdates(services, AbortSignal.timeout(WEEKLY_RUN_MS));
    }),
  ],
  // /notifications is rendered on the server and saves its form post without JavaScript.
  loadContext: (services, { session }) => {
    const member = () => {
      const viewer = viewerOf(session);
      authorizeActor(viewer, 'account.notifications');
      return viewer;
    };
    return {
      notifications: {
        read: () => serviceResult(() => readNotificationSettings(services.db, member())),
        save: (input) => serviceResult(() => saveNotificationSettings(services, member(), input)),
      },
    };
  },
  eraseAccount: async (_services, tx, userId) => {
    await removePreferencesOf(tx, userId);
    await removeMailsOf(tx, userId);
    await removeBouncesOf(tx, userId);
  },
});
