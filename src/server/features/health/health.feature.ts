import { defineFeature } from '../../feature.ts';
import { healthRoutes } from './health.routes.ts';

export const healthFeature = defineFeature({ name: 'health', routes: healthRoutes });
