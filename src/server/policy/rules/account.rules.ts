import { type Decision, forMembers, type OwnedFacts } from '../rule.ts';

/** The own-profile form, read and saved: the owner only (the back office will add admins). */
const editProfile = forMembers(
  (member, profile: OwnedFacts): Decision => (profile.ownerId === member.id ? null : 'profile_not_found'),
);

/**
 * /complete-signup: a member whose advertising entry still misses parts. For a finished one the call
 * is a no-op today (signup.service.ts completeSignup), so its caller asks `can` and returns, rather
 * than `authorize` and refusing.
 */
const completeSignup = forMembers(
  (member, _none: undefined): Decision => (member.signupUnfinished ? null : 'signup_already_complete'),
);

/**
 * Invisible mode, on and off: any member, for their own account only (the service takes the id from
 * the session, never from the request). Hidden members may switch too: a member whose account is not
 * confirmed yet decides how it starts.
 */
const setInvisible = forMembers((_member, _none: undefined): Decision => null);

/** Reading and setting one's own daily spending limit: every member, for their own account only. */
const setSpendingLimit = forMembers((_member, _none: undefined): Decision => null);

/** Dismissing an alert: any member, for their own account only (the id comes from the session). */
const dismissAlert = forMembers((_member, _none: undefined): Decision => null);

/** Reading and changing one's own notification preferences: any member, for their own account only. */
const manageNotifications = forMembers((_member, _none: undefined): Decision => null);

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const accountActions = {
  'profile.edit': editProfile,
  'signup.complete': completeSignup,
  'account.set_invisible': setInvisible,
  'account.spending_limit': setSpendingLimit,
  'account.dismiss_alert': dismissAlert,
  'account.notifications': manageNotifications,
};
