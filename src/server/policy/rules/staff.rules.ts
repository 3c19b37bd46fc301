import type { StaffRole } from '../../../shared/contracts/staff.ts';
import { forStaff } from '../rule.ts';
import type { StaffViewer } from '../viewer.ts';

/**
 * What each role may do in the back office. A person holds the union of their roles' rights.
 * The back office grows by adding a right here and a line in policy.ts (moderation queues,
 * operators' claims, the business back office), never by a check in a route.
 */
const RIGHTS = {
  /** The back office's home: every role. */
  'backoffice.open': ['admin', 'moderator', 'operator'],
  /** Add, disable, change roles, reset a second factor. */
  'staff.manage': ['admin'],
  /** Search the audit log. */
  'audit.view': ['admin'],
  /** Download what advertising brought (visits, sign-ups, revenue per source and day). */
  'attribution.view': ['admin'],
  /** See the queue of conversations waiting for a fictional profile, claim and read one. */
  'operators.queue': ['admin', 'operator'],
  /** Answer as a fictional profile within a live claim, type there, keep notes. */
  'operators.reply': ['admin', 'operator'],
  /**
   * See the photos of any operated conversation without holding its claim (operators see them only
   * while they answer it: a member's photo is private, and the claim is what makes it their business).
   */
  'operators.oversee': ['admin'],
  /** Every operator's and profile's figures. */
  'operators.stats': ['admin'],
  /** The reports queue: read a report's evidence, decide its outcome, lift a suspension. */
  'reports.review': ['admin', 'moderator'],
  /** Approve or reject members' new photos. */
  'moderation.photos': ['admin', 'moderator'],
  /** Keep or undo members' changed texts (name, about me). */
  'moderation.texts': ['admin', 'moderator'],
  /** Create, edit, hide and show fictional profiles and their photos (operators only answer as them). */
  'profiles.manage': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

type StaffRight = keyof typeof RIGHTS;

const hasRight = (staff: StaffViewer, right: StaffRight): boolean =>
  staff.roles.some((role) => (RIGHTS[right] as readonly StaffRole[]).includes(role));

const byRight = (right: StaffRight) =>
  forStaff<undefined>((staff) => (hasRight(staff, right) ? null : 'forbidden'));

const openBackOffice = byRight('backoffice.open');
const manageStaff = byRight('staff.manage');
const viewAudit = byRight('audit.view');
const viewAttribution = byRight('attribution.view');
const useOperatorQueue = byRight('operators.queue');
const replyAsProfile = byRight('operators.reply');
const viewOperatorStats = byRight('operators.stats');
const reviewReports = byRight('reports.review');
const moderatePhotos = byRight('moderation.photos');
const moderateTexts = byRight('moderation.texts');
const manageProfiles = byRight('profiles.manage');

/** A photo sent in an operated conversation: to the operator holding its live claim, and admins. */
const viewOperatedChatImage = forStaff<{ claimedByViewer: boolean }>((staff, { claimedByViewer }) => {
  if (!hasRight(staff, 'operators.queue')) return 'forbidden';
  return claimedByViewer || hasRight(staff, 'operators.oversee') ? null : 'photo_claim_required';
});

/** Admins manage others; nobody disables themself or takes their own admin role (the last door out). */
const changeOwnStaffAccount = forStaff<{ targetId: number }>((staff, { targetId }) =>
  !hasRight(staff, 'staff.manage') ? 'forbidden' : staff.id === targetId ? 'cannot_change_self' : null,
);

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const staffActions = {
  'backoffice.open': openBackOffice,
  'staff.manage': manageStaff,
  'staff.change': changeOwnStaffAccount,
  'audit.view': viewAudit,
  'attribution.view': viewAttribution,
  /*
   * Operators answer for fictional profiles only: the queue holds nothing else, and the answer is
   * sent through the profile's member viewer (conversation.send) within a live claim.
   */
  'operators.queue': useOperatorQueue,
  'operators.reply': replyAsProfile,
  'operators.stats': viewOperatorStats,
  /** A photo in an operated conversation; the facts say whether the viewer holds its live claim. */
  'operators.chat_image': viewOperatedChatImage,
  'reports.review': reviewReports,
  'moderation.photos': moderatePhotos,
  'moderation.texts': moderateTexts,
  'profiles.manage': manageProfiles,
};
