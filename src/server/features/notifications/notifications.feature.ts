import { defineFeature } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { authorizeActor } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import {
  readNotificationSettings,
  removePreferencesOf,
  saveNotificationSettings,
} from './preferences.service.ts';

export const notificationsFeature = defineFeature({
  name: 'notifications',
  routes: notificationsRoutes,
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
  eraseAccount: (_services, tx, userId) => removePreferencesOf(tx, userId),
});
