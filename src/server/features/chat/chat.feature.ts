import { defineFeature, featureJob } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { unreadMessagesState } from './chat.counts.ts';
import { CHAT_RETENTION_JOB, purgeExpiredMessages } from './chat.retention.ts';
import { chatRoutes, readChats } from './chat.routes.ts';
import { chatSenderState } from './chat.send.ts';
import { eraseChatsOf } from './chat.service.ts';
import { chatImageRoutes } from './chat-images.routes.ts';
import { CHAT_IMAGE_SWEEP_JOB, eraseChatImagesOf, sweepChatImages } from './chat-images.service.ts';
import { eraseLandingFreeMessagesOf } from './landing-free-messages.ts';

export const chatFeature = defineFeature({
  name: 'chat',
  state: [chatSenderState, unreadMessagesState],
  userAnswer: async (services, userId) => ({
    unreadMessages: await services.state.of(unreadMessagesState).countOf(userId),
  }),
  routes: (services) => async (app) => {
    await app.register(chatRoutes(services));
    // Its own scope: only the photo upload takes multipart bodies.
    await app.register(chatImageRoutes(services));
  },
  // The conversation list comes with the HTML of /chats (it has no times to render in the browser's zone).
  loadContext: (services, { request, session }) => ({
    chats: { list: () => serviceResult(() => readChats(services, request.ctx, session)) },
  }),
  jobs: [
    featureJob(CHAT_RETENTION_JOB, ({ services }) => async () => {
      const purged = await purgeExpiredMessages(services.db, services.now());
      if (purged > 0) services.log.info({ purged }, 'chat messages past retention emptied');
    }),
    featureJob(CHAT_IMAGE_SWEEP_JOB, ({ services }) => async () => {
      const removed = await sweepChatImages(services, services.now());
      if (removed > 0) services.log.info({ removed }, 'chat images no message holds removed');
    }),
  ],
  // The stub an erasure leaves says nothing: the member's chat images go (files, then rows), their
  // texts are blanked, their side of each chat goes, and so do their landing flow's free messages.
  eraseAccount: async (services, tx, userId) => {
    await eraseChatImagesOf(services, tx, userId);
    await eraseChatsOf(tx, userId);
    await eraseLandingFreeMessagesOf(tx, userId);
  },
});

declare module '../../feature.ts' {
  interface UserAnswerCounts {
    /** The messages the member has not read yet (chat.counts.ts). */
    unreadMessages: number;
  }
}
