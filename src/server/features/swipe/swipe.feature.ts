import { defineFeature } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { readSwipeGame, swipeRoutes } from './swipe.routes.ts';
import { removeSwipesOf } from './swipe.service.ts';

export const swipeFeature = defineFeature({
  name: 'swipe',
  routes: swipeRoutes,
  // The first answer of /swipe-game comes with its HTML, in the zone of the browser's cookie.
  loadContext: (services, { request, session }) => ({
    swipe: { game: (query) => serviceResult(() => readSwipeGame(services, request, session, query)) },
  }),
  // The stub an erasure leaves keeps no relations: its game state and passes both ways go.
  eraseAccount: (_services, tx, userId) => removeSwipesOf(tx, userId),
});
