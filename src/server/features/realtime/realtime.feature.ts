import { defineFeature } from '../../feature.ts';
import { realtimeRoutes } from './realtime.routes.ts';

export const realtimeFeature = defineFeature({ name: 'realtime', routes: realtimeRoutes });
