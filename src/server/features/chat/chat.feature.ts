import { defineFeature } from '../../feature.ts';
import { chatRoutes } from './chat.routes.ts';
import { eraseChatsOf } from './chat.service.ts';

export const chatFeature = defineFeature({
  name: 'chat',
  routes: chatRoutes,
  // The stub an erasure leaves says nothing: its texts are blanked, its side of each chat goes.
  eraseAccount: (_services, tx, userId) => eraseChatsOf(tx, userId),
});
