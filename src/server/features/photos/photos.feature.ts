import { defineFeature, featureJob } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { photosRoutes, readOwnPhotos } from './photos.routes.ts';
import { approvedPhotosState, erasePhotosOf } from './photos.service.ts';
import { sweepAbandonedUploads, UPLOADS_SWEEP_JOB } from './photos.upload.ts';

export const photosFeature = defineFeature({
  name: 'photos',
  routes: photosRoutes,
  // /profile renders with the member's photos already in it.
  loadContext: (services, { session }) => ({
    profile: { photos: () => serviceResult(() => readOwnPhotos(services, session)) },
  }),
  eraseAccount: erasePhotosOf,
  state: [approvedPhotosState],
  jobs: [
    featureJob(UPLOADS_SWEEP_JOB, ({ services }) => async () => {
      const removed = await sweepAbandonedUploads(services.env.dataDir, services.now());
      if (removed > 0) services.log.info({ removed }, 'abandoned photo uploads removed');
    }),
  ],
});
