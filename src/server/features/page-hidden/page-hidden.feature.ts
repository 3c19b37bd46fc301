import { defineFeature } from '../../feature.ts';
import { pageHiddenRoutes } from './page-hidden.routes.ts';

export const pageHiddenFeature = defineFeature({ name: 'page-hidden', routes: pageHiddenRoutes });
