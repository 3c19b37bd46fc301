import { defineFeature } from '../../feature.ts';
import { creditsRoutes } from './credits.routes.ts';

/** Balances and the ledger (credits.service.ts); the member's own daily spending limit. */
export const creditsFeature = defineFeature({
  name: 'credits',
  routes: creditsRoutes,
});
