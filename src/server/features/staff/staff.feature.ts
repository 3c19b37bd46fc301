import { defineFeature } from '../../feature.ts';
import { staffRoutes } from './staff.routes.ts';
import { staffLoadContext } from './staff-pages.ts';

/** The back office's people, sessions and audit log (docs/decisions/0043). Staff are no members: nothing to erase. */
export const staffFeature = defineFeature({
  name: 'staff',
  routes: staffRoutes,
  loadContext: staffLoadContext,
});
