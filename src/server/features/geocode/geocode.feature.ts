import { defineFeature } from '../../feature.ts';
import { geocodeRoutes } from './geocode.routes.ts';

export const geocodeFeature = defineFeature({ name: 'geocode', routes: geocodeRoutes });
