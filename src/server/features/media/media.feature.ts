import { defineFeature } from '../../feature.ts';
import { mediaRoutes } from './media.routes.ts';

export const mediaFeature = defineFeature({ name: 'media', routes: mediaRoutes });
