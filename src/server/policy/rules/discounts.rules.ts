import { type Decision, forMembers } from '../rule.ts';

/** Whose a discount code is: one member's (`ownerId`), or anyone's (null). */
type DiscountCodeFacts = { ownerId: number | null };

/**
 * Using a discount code (asking about it, paying with it): any member, with a code for anyone or
 * their own; a code meant for another member answers like one that does not exist.
 */
const redeemDiscountCode = forMembers(
  (member, code: DiscountCodeFacts): Decision =>
    code.ownerId === null || code.ownerId === member.id ? null : 'discount_code_not_found',
);

/**
 * The discount for staying (the account-deletion offer): a member, for their own account; the
 * service decides whether it is still offered (once, never to one who found someone).
 */
const takeRetentionOffer = forMembers((_member, _none: undefined): Decision => null);

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const discountActions = {
  'discount.use': redeemDiscountCode,
  'discount.retention': takeRetentionOffer,
};
