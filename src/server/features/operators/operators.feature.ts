import { defineFeature } from '../../feature.ts';
import { operatorsLoadContext } from './operators.pages.ts';
import { operatorsRoutes } from './operators.routes.ts';

/**
 * Operators answer for fictional profiles: the queue, exclusive claims, answers through the chat's
 * one send, notes and figures. Its rows of an erased member go with the member (cascades); the
 * answers' rows stay with their messages, as the chat keeps them.
 */
export const operatorsFeature = defineFeature({
  name: 'operators',
  routes: operatorsRoutes,
  loadContext: operatorsLoadContext,
});
