import { defineFeature } from '../../feature.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { eraseModerationOf } from './moderation.service.ts';

export const moderationFeature = defineFeature({
  name: 'moderation',
  routes: moderationRoutes,
  eraseAccount: (_services, tx, userId) => eraseModerationOf(tx, userId),
});
