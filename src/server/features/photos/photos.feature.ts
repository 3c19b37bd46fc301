import { defineFeature, featureJob } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { rekeyLegacyPhotos } from './photos.rekey.ts';
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
  // Before anything is served: keys without a secret are no longer served (docs/decisions/0014).
  start: async ({ db, storage, log }) => {
    await rekeyLegacyPhotos({ db, storage, log: (msg) => log.info(msg) });
  },
  jobs: [
    featureJob(UPLOADS_SWEEP_JOB, ({ services }) => async () => {
      const removed = await sweepAbandonedUploads(services.env.dataDir, services.now());
      if (removed > 0) services.log.info({ removed }, 'abandoned photo uploads removed');
    }),
  ],
});
