import { defineFeature } from '../../feature.ts';
import { swipeRoutes } from './swipe.routes.ts';
import { removeSwipesOf } from './swipe.service.ts';

export const swipeFeature = defineFeature({
  name: 'swipe',
  routes: swipeRoutes,
  // The stub an erasure leaves keeps no relations: its game state and passes both ways go.
  eraseAccount: (_services, tx, userId) => removeSwipesOf(tx, userId),
});
