import { defineFeature, featureJob } from '../../feature.ts';
import { pushRoutes } from './push.routes.ts';
import { PUSH_JOB } from './push-jobs.ts';
import { sendMorningPush } from './push-morning.ts';
import { MORNING_PUSH_JOB } from './push-night-hold.ts';
import { sendPush } from './push-sender.ts';
import { removePushOf } from './push-subscriptions.service.ts';

export const pushFeature = defineFeature({
  name: 'push',
  routes: pushRoutes,
  jobs: [
    featureJob(PUSH_JOB, ({ services }) => async (job) => {
      await sendPush(services, job);
    }),
    featureJob(MORNING_PUSH_JOB, ({ services }) => async (job) => {
      await sendMorningPush(services, job);
    }),
  ],
  eraseAccount: async (_services, tx, userId) => {
    await removePushOf(tx, userId);
  },
});
