import { type Decision, forMembers, type OwnedFacts } from '../rule.ts';

/**
 * Buying credits: every member, for their own account (the service takes the id from the session).
 * A member not yet confirmed may buy too: paying is how many start, and nothing of others is seen.
 */
const startPayment = forMembers((_member, _none: undefined): Decision => null);

/** A payment's status (the return page): its owner only; another member's answers like a missing one. */
const viewPayment = forMembers(
  (member, payment: OwnedFacts): Decision => (payment.ownerId === member.id ? null : 'payment_not_found'),
);

/** A direct-debit mandate (its SMS code, its signature): its owner only; another's is not found. */
const useMandate = forMembers(
  (member, mandate: OwnedFacts): Decision => (mandate.ownerId === member.id ? null : 'mandate_not_found'),
);

/** Repeating an order: one of the member's own paid payments; another member's is not found. */
const repeatPayment = forMembers(
  (member, payment: OwnedFacts): Decision =>
    payment.ownerId === member.id ? null : 'repeat_order_not_found',
);

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const paymentActions = {
  'payment.start': startPayment,
  'payment.view': viewPayment,
  'payment.repeat': repeatPayment,
  'mandate.use': useMandate,
};
