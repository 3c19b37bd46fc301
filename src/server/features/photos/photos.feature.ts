import { defineFeature } from '../../feature.ts';
import { photosRoutes } from './photos.routes.ts';
import { erasePhotosOf } from './photos.service.ts';

export const photosFeature = defineFeature({
  name: 'photos',
  routes: photosRoutes,
  eraseAccount: erasePhotosOf,
});
