import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ComplaintInput } from '../../../shared/contracts/site.ts';
import { defineState } from '../../feature.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { submitComplaint } from './complaints.service.ts';

/** Complaints per IP address and hour, the API call and the page form together. */
export const COMPLAINTS_PER_HOUR = 5;

type Limiter = ReturnType<FastifyInstance['rateLimit']>;

/** The app's complaint limiters, one per Fastify scope that asks (Fastify binds a limiter to its instance). */
export const complaintLimitersState = defineState(
  'complaints.limiters',
  () => new WeakMap<FastifyInstance, Limiter>(),
);

/**
 * The complaint limiter. A complaint comes in through POST /api/complaints.php and through the form
 * of the /complaints page (React Router's action, reached through the SSR catch-all): both count
 * against one per-IP hourly allowance, or the page would be a way around the API's limit. The
 * rate-limit store keys a shared limiter by its groupId (lib/rate-limit-store.ts), so every limiter
 * made here counts in the same place, on every instance.
 */
export function complaintRateLimit(app: FastifyInstance, services: Pick<AppServices, 'state'>): Limiter {
  // Made once per app, not per page request.
  const limiters = services.state.of(complaintLimitersState);
  let limiter = limiters.get(app);
  if (!limiter) {
    limiter = app.rateLimit({ groupId: 'complaints', max: COMPLAINTS_PER_HOUR, timeWindow: '1 hour' });
    limiters.set(app, limiter);
  }
  return limiter;
}

/**
 * A complaint from the page form, counted with the API calls. Only a form that passed validation
 * gets here, so a mistyped form costs no allowance. Over the limit it is an AppError the page
 * shows in the visitor's language (the limiter's own answer would be the API's JSON 429).
 */
export async function submitPageComplaint(
  app: FastifyInstance,
  services: Pick<AppServices, 'db' | 'now' | 'enqueue' | 'state'>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: ComplaintInput,
) {
  try {
    await complaintRateLimit(app, services).call(app, request, reply);
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode !== 429) throw error;
    throw new AppError('rate_limited', 429, 'Too many complaints from this address; try again later.');
  }
  return submitComplaint(services, input, request.ctx);
}
