import { defineFeature } from '../../feature.ts';
import { profileRoutes } from './profile.routes.ts';
import { eraseProfileOf } from './profile.service.ts';

export const profileFeature = defineFeature({
  name: 'profile',
  routes: profileRoutes,
  eraseAccount: (_services, tx, userId) => eraseProfileOf(tx, userId),
});
