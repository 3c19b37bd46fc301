import { defineFeature } from '../../feature.ts';
import { interestsRoutes } from './interests.routes.ts';

export const interestsFeature = defineFeature({ name: 'interests', routes: interestsRoutes });
