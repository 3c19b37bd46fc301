import { defineFeature } from '../../feature.ts';
import { likesRoutes } from './likes.routes.ts';
import { removeLikesOf } from './likes.service.ts';

export const likesFeature = defineFeature({
  name: 'likes',
  routes: likesRoutes,
  // The stub an erasure leaves keeps no relations: its likes given and received go.
  eraseAccount: (_services, tx, userId) => removeLikesOf(tx, userId),
});
