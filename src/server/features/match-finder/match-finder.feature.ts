import { defineFeature } from '../../feature.ts';
import { matchFinderRoutes } from './match-finder.routes.ts';

/** The match finder keeps no rows of its own: it ranks profiles, so an erasure has nothing to do here. */
export const matchFinderFeature = defineFeature({ name: 'match-finder', routes: matchFinderRoutes });
