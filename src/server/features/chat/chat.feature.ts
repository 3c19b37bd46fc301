import { defineFeature, featureJob } from '../../feature.ts';
import { chatRoutes } from './chat.routes.ts';
import { eraseChatsOf } from './chat.service.ts';
import { chatImageRoutes } from './chat-images.routes.ts';
import {
  eraseChatImagesOf,
  REMOVE_UNSENT_CHAT_IMAGE_JOB,
  removeUnsentChatImage,
} from './chat-images.service.ts';

export const chatFeature = defineFeature({
  name: 'chat',
  routes: (services) => async (app) => {
    await app.register(chatRoutes(services));
    // Its own scope: only the photo upload takes multipart bodies.
    await app.register(chatImageRoutes(services));
  },
  jobs: [
    featureJob(
      REMOVE_UNSENT_CHAT_IMAGE_JOB,
      ({ services }) =>
        (payload) =>
          removeUnsentChatImage(services, payload),
    ),
  ],
  // The stub an erasure leaves says nothing: the member's chat images go (files, then rows), their
  // texts are blanked, their side of each chat goes.
  eraseAccount: async (services, tx, userId) => {
    await eraseChatImagesOf(services, tx, userId);
    await eraseChatsOf(tx, userId);
  },
});
