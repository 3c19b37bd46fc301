import { defineFeature } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { profileRoutes, readOwnProfile } from './profile.routes.ts';
import { eraseProfileOf } from './profile.service.ts';
import { fillMissingCoordinates } from './profile-coordinates.ts';

export const profileFeature = defineFeature({
  name: 'profile',
  routes: profileRoutes,
  // /profile renders with the member's profile already in it.
  loadContext: (services, { session }) => ({
    profile: { own: () => serviceResult(() => readOwnProfile(services, session)) },
  }),
  eraseAccount: (_services, tx, userId) => eraseProfileOf(tx, userId),
  // Distances and the members lists' order read them (docs/decisions/0041).
  start: async ({ db, log }) => {
    await fillMissingCoordinates(db, (msg) => log.info(msg));
  },
});
