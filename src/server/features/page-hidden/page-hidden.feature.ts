import { defineFeature } from '../../feature.ts';
import { pageHiddenRoutes } from './page-hidden.routes.ts';
import { pageEventsState } from './page-hidden.service.ts';

export const pageHiddenFeature = defineFeature({
  name: 'page-hidden',
  routes: pageHiddenRoutes,
  state: [pageEventsState],
});
