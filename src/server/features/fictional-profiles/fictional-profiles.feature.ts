import { defineFeature } from '../../feature.ts';
import { fictionalProfilesLoadContext } from './fictional-profiles.pages.ts';
import { fictionalProfilesRoutes } from './fictional-profiles.routes.ts';

/**
 * The back office's fictional profiles (admins): members with `users.fictional` that operators
 * answer for, made, edited, hidden and given photos here. The feature owns no table: the account,
 * profile and photos are written by their owners' services, so an erased profile goes as any
 * member's does.
 */
export const fictionalProfilesFeature = defineFeature({
  name: 'fictional-profiles',
  routes: fictionalProfilesRoutes,
  loadContext: fictionalProfilesLoadContext,
});
