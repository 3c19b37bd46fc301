import { type Decision, forMembers, type OwnedFacts } from '../rule.ts';

/**
 * Buying credits: every member, for their own account (the service takes the id from the session).
 * A member not yet confirmed may buy too: paying is how many start, and nothing of others is seen.
 */
export const startPayment = forMembers((_member, _none: undefined): Decision => null);

/** A payment's status (the return page): its owner only; another member's answers like a missing one. */
export const viewPayment = forMembers(
  (member, payment: OwnedFacts): Decision => (payment.ownerId === member.id ? null : 'payment_not_found'),
);
