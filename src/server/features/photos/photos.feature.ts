import { defineFeature, featureJob } from '../../feature.ts';
import { photosRoutes } from './photos.routes.ts';
import { erasePhotosOf } from './photos.service.ts';
import { sweepAbandonedUploads, UPLOADS_SWEEP_JOB } from './photos.upload.ts';

export const photosFeature = defineFeature({
  name: 'photos',
  routes: photosRoutes,
  eraseAccount: erasePhotosOf,
  jobs: [
    featureJob(UPLOADS_SWEEP_JOB, ({ services }) => async () => {
      const removed = await sweepAbandonedUploads(services.env.dataDir, services.now());
      if (removed > 0) services.log.info({ removed }, 'abandoned photo uploads removed');
    }),
  ],
});
