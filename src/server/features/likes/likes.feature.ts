import { defineFeature } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { newLikesState } from './likes.counts.ts';
import { likesRoutes, readLikesPage } from './likes.routes.ts';
import { removeLikesOf } from './likes.service.ts';

export const likesFeature = defineFeature({
  name: 'likes',
  state: [newLikesState],
  userAnswer: async (services, userId) => ({
    newLikes: await services.state.of(newLikesState).countOf(userId),
  }),
  routes: likesRoutes,
  // The first page of a /likes tab, server-rendered (its image is the page's largest paint).
  loadContext: (services, { request, session }) => ({
    likes: { firstPage: (list) => serviceResult(() => readLikesPage(services, request.ctx, session, list)) },
  }),
  // The stub an erasure leaves keeps no relations: its likes given and received go.
  eraseAccount: (_services, tx, userId) => removeLikesOf(tx, userId),
});

declare module '../../feature.ts' {
  interface UserAnswerCounts {
    /** The likes the member received and has not opened yet (likes.counts.ts). */
    newLikes: number;
  }
}
