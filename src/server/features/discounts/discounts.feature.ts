import { defineFeature } from '../../feature.ts';
import { discountsRoutes } from './discounts.routes.ts';

/**
 * Discount codes, the welcome discount and the time bonus (docs/decisions/0032). The price with a
 * discount is computed and the code reserved by the payments feature's startPayment; a code's
 * reservation follows its payment's status in applyProviderStatus.
 */
export const discountsFeature = defineFeature({
  name: 'discounts',
  routes: discountsRoutes,
});
