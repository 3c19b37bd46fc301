import { defineFeature } from '../../feature.ts';
import { installableRoutes } from './installable.routes.ts';

/** The installed app's parts the server gives: the offline page the service worker keeps. */
export const installableFeature = defineFeature({
  name: 'installable',
  routes: installableRoutes,
});
