import type { StaffRole } from '../../shared/contracts/staff.ts';
import type { ActiveSession } from '../features/auth/sessions.service.ts';

/** Nobody logged in: the public site, a lander, a search allowed to visitors. */
type VisitorViewer = { kind: 'visitor' };

/**
 * A logged-in member, with the facts about themself that rules read. Taken from the session, so
 * deciding costs no query; what may change mid-session (a photo limit, credits) is read fresh by the
 * service that needs it.
 */
export type MemberViewer = {
  kind: 'member';
  id: number;
  /** users.paid_user: private photos in full, 25 photos, unlimited conversations (later). */
  premium: boolean;
  status: 'not_confirmed' | 'active' | 'disabled' | 'pending_deletion';
  emailConfirmed: boolean;
  /** An advertising entry whose sign-up still misses parts (users.signup_missing). */
  signupUnfinished: boolean;
};

/**
 * The back office's people (features/staff, docs/decisions/0043), built from a staff session. In
 * the member area they get exactly what a visitor gets (docs/decisions/0017); their rights come from
 * their roles (rules/staff.rules.ts). An operator answering for a fictional profile will act through
 * that profile's member viewer, not as staff.
 */
export type StaffViewer = { kind: 'staff'; id: number; roles: readonly StaffRole[] };

export type Viewer = VisitorViewer | MemberViewer | StaffViewer;

export const VISITOR: VisitorViewer = { kind: 'visitor' };

/** The columns of users a member viewer is made of. */
export type MemberViewerFacts = {
  id: number;
  paidUser: boolean;
  status: MemberViewer['status'];
  emailConfirmedAt: Date | null;
  signupMissing: readonly string[];
};

/**
 * A member's viewer from their account row: the session's member, and a fictional profile that
 * staff act through, so the member rules hold for both alike.
 */
export const memberViewerOf = (user: MemberViewerFacts): MemberViewer => ({
  kind: 'member',
  id: user.id,
  premium: user.paidUser,
  status: user.status,
  emailConfirmed: user.emailConfirmedAt !== null,
  signupUnfinished: user.signupMissing.length > 0,
});

/** The viewer behind a request's session; routes build it once and hand it to the services. */
export function viewerOf(session: ActiveSession | null): VisitorViewer | MemberViewer {
  return session ? memberViewerOf(session.user) : VISITOR;
}

export const isMember = (viewer: Viewer): viewer is MemberViewer => viewer.kind === 'member';

/** Whether the viewer is this member themself (staff ids are another numbering: never). */
export const isMemberSelf = (viewer: Viewer, memberId: number): boolean =>
  viewer.kind === 'member' && viewer.id === memberId;
