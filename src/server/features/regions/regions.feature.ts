import { defineFeature } from '../../feature.ts';
import { regionsRoutes } from './regions.routes.ts';

export const regionsFeature = defineFeature({ name: 'regions', routes: regionsRoutes });
