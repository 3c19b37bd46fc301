import { defineFeature } from '../../feature.ts';
import { blocksRoutes } from './blocks.routes.ts';
import { removeBlocksOf } from './blocks.service.ts';

export const blocksFeature = defineFeature({
  name: 'blocks',
  routes: blocksRoutes,
  // The stub an erasure leaves keeps no relations.
  eraseAccount: (_services, tx, userId) => removeBlocksOf(tx, userId),
});
