import { defineFeature } from '../../feature.ts';
import { regionsRoutes } from './regions.routes.ts';
import { regionsOf } from './regions.service.ts';

export const regionsFeature = defineFeature({
  name: 'regions',
  routes: regionsRoutes,
  // Pages that show a member's region name it in the HTML, instead of its code until the list comes.
  loadContext: () => ({ site: { regions: regionsOf } }),
});
