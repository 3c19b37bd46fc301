import { defineFeature } from '../../feature.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { eraseModerationOf } from './moderation.service.ts';
import { moderationLoadContext } from './moderation-pages.ts';

export const moderationFeature = defineFeature({
  name: 'moderation',
  routes: moderationRoutes,
  loadContext: moderationLoadContext,
  eraseAccount: (_services, tx, userId) => eraseModerationOf(tx, userId),
});
