import { defineFeature } from '../../feature.ts';
import { erasePresenceOf } from './presence.service.ts';
import { realtimeRoutes } from './realtime.routes.ts';

export const realtimeFeature = defineFeature({
  name: 'realtime',
  routes: realtimeRoutes,
  eraseAccount: (_services, tx, userId) => erasePresenceOf(tx, userId),
});
