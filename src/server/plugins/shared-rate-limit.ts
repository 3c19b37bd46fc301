import type { FastifyInstance } from 'fastify';
import { defineState, type StateSlot } from '../feature.ts';
import type { AppServices } from '../services.ts';

type Limiter = ReturnType<FastifyInstance['rateLimit']>;

/**
 * A rate limit that an API call and a page doing the same thing share (the login, a complaint):
 * both count against one allowance, or the page would be a way around the API's limit. The
 * rate-limit store keys a limiter by its groupId (lib/rate-limit-store.ts), so every limiter made
 * here counts in the same place, on every instance. Fastify binds a limiter to the instance that
 * made it: one is made per scope that asks, once, not per request, and kept in the feature's state
 * (`state`, listed in its definition).
 */
export function defineSharedRateLimit<S extends Pick<AppServices, 'state'>>(
  groupId: string,
  options: (services: S) => { max: number; timeWindow: string },
): {
  state: StateSlot<WeakMap<FastifyInstance, Limiter>>;
  limiter: (app: FastifyInstance, services: S) => Limiter;
} {
  const state = defineState(`rate-limit.${groupId}`, () => new WeakMap<FastifyInstance, Limiter>());
  return {
    state,
    limiter: (app, services) => {
      const limiters = services.state.of(state);
      let limiter = limiters.get(app);
      if (!limiter) {
        limiter = app.rateLimit({ groupId, ...options(services) });
        limiters.set(app, limiter);
      }
      return limiter;
    },
  };
}
