import { defineFeature, featureJob } from '../../feature.ts';
import { CHAT_RETENTION_JOB, purgeExpiredMessages } from './chat.retention.ts';
import { chatRoutes } from './chat.routes.ts';
import { eraseChatsOf } from './chat.service.ts';

export const chatFeature = defineFeature({
  name: 'chat',
  routes: chatRoutes,
  jobs: [
    featureJob(CHAT_RETENTION_JOB, ({ services }) => async () => {
      const purged = await purgeExpiredMessages(services.db, services.now());
      if (purged > 0) services.log.info({ purged }, 'chat messages past retention emptied');
    }),
  ],
  // The stub an erasure leaves says nothing: its texts are blanked, its side of each chat goes.
  eraseAccount: (_services, tx, userId) => eraseChatsOf(tx, userId),
});
