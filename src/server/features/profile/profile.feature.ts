import { defineFeature } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { profileRoutes, readOwnProfile } from './profile.routes.ts';
import { eraseProfileOf } from './profile.service.ts';

export const profileFeature = defineFeature({
  name: 'profile',
  routes: profileRoutes,
  // /profile renders with the member's profile already in it.
  loadContext: (services, { session }) => ({
    profile: { own: () => serviceResult(() => readOwnProfile(services, session)) },
  }),
  eraseAccount: (_services, tx, userId) => eraseProfileOf(tx, userId),
});
