import type { MemberViewer, StaffViewer, Viewer } from './viewer.ts';

/**
 * Why a viewer may not do something, named after the answer they get (refusals.ts turns each into
 * the AppError the API sent before the policy existed, byte for byte).
 */
export type Refusal =
  | 'authentication_required'
  | 'member_not_found'
  | 'blocked_by_member'
  | 'you_blocked_member'
  | 'cannot_block_self'
  | 'cannot_like_self'
  | 'cannot_pass_self'
  | 'search_login_required'
  | 'media_not_found'
  | 'private_photo_forbidden'
  | 'photo_not_found'
  | 'profile_not_found'
  | 'signup_already_complete'
  | 'conversation_not_found'
  | 'conversation_limit_reached'
  | 'partner_not_confirmed'
  | 'partner_pending_deletion'
  | 'partner_unavailable'
  | 'payment_not_found'
  | 'mandate_not_found'
  | 'repeat_order_not_found'
  | 'discount_code_not_found'
  | 'forbidden'
  | 'cannot_change_self'
  | 'cannot_report_self'
  | 'photo_claim_required';

/** null: allowed. */
export type Decision = Refusal | null;

/**
 * One action's rule. `actors` is decided from the viewer alone, before a service reads anything
 * (authorizeActor); `on` decides one resource from the facts the service loaded.
 * The tuple in the conditional keeps Viewer from distributing into both answers.
 */
export type Rule<Actor extends Viewer, Resource> = {
  actors: [Actor] extends [MemberViewer] ? 'members' : [Actor] extends [StaffViewer] ? 'staff' : 'anyone';
  on: (actor: Actor, resource: Resource) => Decision;
};

/** Visitors, members and staff alike may ask; `on` tells them apart. */
export const forAnyone = <Resource>(on: (viewer: Viewer, resource: Resource) => Decision) =>
  ({ actors: 'anyone', on }) satisfies Rule<Viewer, Resource>;

/** Members only: anyone else is refused authentication_required before any fact is read. */
export const forMembers = <Resource>(on: (member: MemberViewer, resource: Resource) => Decision) =>
  ({ actors: 'members', on }) satisfies Rule<MemberViewer, Resource>;

/** Whose a thing is (a photo, a profile). Another member's answers like a missing one. */
export type OwnedFacts = { ownerId: number };

/** Staff only (the back office): anyone else, a member too, is refused authentication_required. */
export const forStaff = <Resource>(on: (staff: StaffViewer, resource: Resource) => Decision) =>
  ({ actors: 'staff', on }) satisfies Rule<StaffViewer, Resource>;
