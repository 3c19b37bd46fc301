import { defineFeature } from '../../feature.ts';
import { healthRoutes } from './health.routes.ts';
import { databaseCheckState } from './health.service.ts';

export const healthFeature = defineFeature({
  name: 'health',
  routes: healthRoutes,
  state: [databaseCheckState],
});
