import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ComplaintInput } from '../../../shared/contracts/site.ts';
import { AppError } from '../../plugins/errors.ts';
import { defineSharedRateLimit } from '../../plugins/shared-rate-limit.ts';
import type { AppServices } from '../../services.ts';
import { submitComplaint } from './complaints.service.ts';

/** Complaints per IP address and hour, the API call and the page form together. */
export const COMPLAINTS_PER_HOUR = 5;

/** The complaint limiter: the API call and the /complaints page's form count against one allowance. */
const complaintLimit = defineSharedRateLimit('complaints', () => ({
  max: COMPLAINTS_PER_HOUR,
  timeWindow: '1 hour',
}));
export const complaintLimitersState = complaintLimit.state;
export const complaintRateLimit = complaintLimit.limiter;

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
