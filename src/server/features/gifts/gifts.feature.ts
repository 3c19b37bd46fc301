import { defineFeature } from '../../feature.ts';
import { giftsRoutes } from './gifts.routes.ts';

/** The gift catalogue (migration 0019); sending a gift is the chat's send path. */
export const giftsFeature = defineFeature({ name: 'gifts', routes: giftsRoutes });
