import { refusalError } from './refusals.ts';
import type { Decision, OwnedFacts, Rule } from './rule.ts';
import {
  completeSignup,
  dismissAlert,
  editProfile,
  manageNotifications,
  setInvisible,
  setSpendingLimit,
} from './rules/account.rules.ts';
import {
  type ChatImageFacts,
  type SendFacts,
  sendMessage,
  useConversations,
  viewChatImage,
} from './rules/chat.rules.ts';
import { type DiscountCodeFacts, redeemDiscountCode, takeRetentionOffer } from './rules/discounts.rules.ts';
import {
  blockMember,
  findMatches,
  type LikeTargetFacts,
  likeMember,
  listMember,
  type MemberFacts,
  type SearchFacts,
  searchMembers,
  seeOnline,
  unblockMember,
  unlikeMember,
  type ViewedMemberFacts,
  viewMember,
} from './rules/members.rules.ts';
import { repeatPayment, startPayment, useMandate, viewPayment } from './rules/payments.rules.ts';
import {
  editPhoto,
  type MediaFacts,
  type PhotoFacts,
  serveMedia,
  uploadPhoto,
  viewPhotoInFull,
} from './rules/photos.rules.ts';
import { reportMember } from './rules/reports.rules.ts';
import {
  changeOwnStaffAccount,
  manageProfiles,
  manageStaff,
  moderatePhotos,
  moderateTexts,
  openBackOffice,
  replyAsProfile,
  reviewReports,
  useOperatorQueue,
  viewAttribution,
  viewAudit,
  viewOperatedChatImage,
  viewOperatorStats,
} from './rules/staff.rules.ts';
import { passMember, undoPass } from './rules/swipe.rules.ts';
import { isMember, type MemberViewer, type StaffViewer, type Viewer } from './viewer.ts';

/**
 * Every action a viewer can be refused, with who may attempt it (`actor`) and the facts its rule
 * decides on (`resource`, loaded by the service in one query). docs/decisions/0017.
 */
type Actions = {
  'member.view': { actor: Viewer; resource: ViewedMemberFacts };
  'member.list': { actor: Viewer; resource: MemberFacts };
  'member.search': { actor: Viewer; resource: SearchFacts };
  'member.block': { actor: MemberViewer; resource: MemberFacts };
  'member.unblock': { actor: MemberViewer; resource: undefined };
  'member.like': { actor: MemberViewer; resource: LikeTargetFacts };
  'member.unlike': { actor: MemberViewer; resource: undefined };
  'member.pass': { actor: MemberViewer; resource: MemberFacts };
  'member.unpass': { actor: MemberViewer; resource: undefined };
  'member.find': { actor: MemberViewer; resource: undefined };
  'member.see_online': { actor: MemberViewer; resource: MemberFacts };
  'photo.view_full': { actor: Viewer; resource: PhotoFacts };
  'photo.upload': { actor: MemberViewer; resource: undefined };
  'photo.edit': { actor: MemberViewer; resource: OwnedFacts };
  'media.serve': { actor: Viewer; resource: MediaFacts };
  'profile.edit': { actor: MemberViewer; resource: OwnedFacts };
  'signup.complete': { actor: MemberViewer; resource: undefined };
  'account.set_invisible': { actor: MemberViewer; resource: undefined };
  'account.spending_limit': { actor: MemberViewer; resource: undefined };
  'account.dismiss_alert': { actor: MemberViewer; resource: undefined };
  'account.notifications': { actor: MemberViewer; resource: undefined };
  'conversation.send': { actor: MemberViewer; resource: SendFacts };
  'conversation.use': { actor: MemberViewer; resource: undefined };
  'chat_image.view': { actor: Viewer; resource: ChatImageFacts };
  'payment.start': { actor: MemberViewer; resource: undefined };
  'payment.view': { actor: MemberViewer; resource: OwnedFacts };
  'payment.repeat': { actor: MemberViewer; resource: OwnedFacts };
  'mandate.use': { actor: MemberViewer; resource: OwnedFacts };
  'discount.use': { actor: MemberViewer; resource: DiscountCodeFacts };
  'discount.retention': { actor: MemberViewer; resource: undefined };
  'backoffice.open': { actor: StaffViewer; resource: undefined };
  'staff.manage': { actor: StaffViewer; resource: undefined };
  'staff.change': { actor: StaffViewer; resource: { targetId: number } };
  'audit.view': { actor: StaffViewer; resource: undefined };
  'attribution.view': { actor: StaffViewer; resource: undefined };
  /*
   * Operators answer for fictional profiles only: the queue holds nothing else, and the answer is
   * sent through the profile's member viewer (conversation.send) within a live claim.
   */
  'operators.queue': { actor: StaffViewer; resource: undefined };
  'operators.reply': { actor: StaffViewer; resource: undefined };
  'operators.stats': { actor: StaffViewer; resource: undefined };
  /** A photo in an operated conversation; the facts say whether the viewer holds its live claim. */
  'operators.chat_image': { actor: StaffViewer; resource: { claimedByViewer: boolean } };
  'member.report': { actor: MemberViewer; resource: { reportedId: number } };
  'reports.review': { actor: StaffViewer; resource: undefined };
  'moderation.photos': { actor: StaffViewer; resource: undefined };
  'moderation.texts': { actor: StaffViewer; resource: undefined };
  'profiles.manage': { actor: StaffViewer; resource: undefined };
  /*
   * Next, each with its issue (not built yet; a rule in rules/<area>.rules.ts and a line here):
   * 'payment.refund':     StaffViewer (admin), { payment }: admins only.
   */
};

export type Action = keyof Actions;
/** The back office's rights: actions a staff person asks without a resource (a route's `config.right`). */
export type StaffRightAction = {
  [A in Action]: Actions[A] extends { actor: StaffViewer; resource: undefined } ? A : never;
}[Action];
type ActorOf<A extends Action> = Extract<Actions[A]['actor'], Viewer>;
type ResourceOf<A extends Action> = Actions[A]['resource'];
/** Actions without facts are asked without a resource: `can(viewer, 'photo.upload')`. */
type ResourceArgs<A extends Action> = ResourceOf<A> extends undefined ? [] : [resource: ResourceOf<A>];

const RULES: { [A in Action]: Rule<ActorOf<A>, ResourceOf<A>> } = {
  'member.view': viewMember,
  'member.list': listMember,
  'member.search': searchMembers,
  'member.block': blockMember,
  'member.unblock': unblockMember,
  'member.like': likeMember,
  'member.unlike': unlikeMember,
  'member.pass': passMember,
  'member.unpass': undoPass,
  'member.find': findMatches,
  'member.see_online': seeOnline,
  'photo.view_full': viewPhotoInFull,
  'photo.upload': uploadPhoto,
  'photo.edit': editPhoto,
  'media.serve': serveMedia,
  'profile.edit': editProfile,
  'signup.complete': completeSignup,
  'account.set_invisible': setInvisible,
  'account.spending_limit': setSpendingLimit,
  'account.dismiss_alert': dismissAlert,
  'account.notifications': manageNotifications,
  'conversation.send': sendMessage,
  'conversation.use': useConversations,
  'chat_image.view': viewChatImage,
  'payment.start': startPayment,
  'payment.view': viewPayment,
  'payment.repeat': repeatPayment,
  'mandate.use': useMandate,
  'discount.use': redeemDiscountCode,
  'discount.retention': takeRetentionOffer,
  'backoffice.open': openBackOffice,
  'staff.manage': manageStaff,
  'staff.change': changeOwnStaffAccount,
  'audit.view': viewAudit,
  'attribution.view': viewAttribution,
  'operators.queue': useOperatorQueue,
  'operators.reply': replyAsProfile,
  'operators.stats': viewOperatorStats,
  'operators.chat_image': viewOperatedChatImage,
  'member.report': reportMember,
  'reports.review': reviewReports,
  'moderation.photos': moderatePhotos,
  'moderation.texts': moderateTexts,
  'profiles.manage': manageProfiles,
};

/** The table above matched each rule to its action's types; looked up by a key, that link is lost. */
type LooseRule = {
  actors: 'anyone' | 'members' | 'staff';
  on: (actor: Viewer, resource: unknown) => Decision;
};
const ruleOf = (action: Action) => RULES[action] as unknown as LooseRule;

/** Whether the viewer is of a kind that may attempt the action at all, before any fact is read. */
function actorRefusal(viewer: Viewer, action: Action): Decision {
  const { actors } = ruleOf(action);
  if (actors === 'members' && !isMember(viewer)) return 'authentication_required';
  if (actors === 'staff' && viewer.kind !== 'staff') return 'authentication_required';
  return null;
}

/** The refusal this viewer gets for the action on this resource, or null when allowed. Pure. */
export function decide<A extends Action>(
  viewer: Viewer,
  action: A,
  ...[resource]: ResourceArgs<A>
): Decision {
  return actorRefusal(viewer, action) ?? ruleOf(action).on(viewer, resource);
}

export function can<A extends Action>(viewer: Viewer, action: A, ...resource: ResourceArgs<A>): boolean {
  return decide(viewer, action, ...resource) === null;
}

/** `can`, or the AppError this refusal has always been answered with (refusals.ts). */
export function authorize<A extends Action>(
  viewer: Viewer,
  action: A,
  ...resource: ResourceArgs<A>
): asserts viewer is ActorOf<A> {
  const refusal = decide(viewer, action, ...resource);
  if (refusal) throw refusalError(refusal, resource[0]);
}

/**
 * The part of `authorize` that needs no facts: a visitor asking for a members' action is refused
 * before the service reads a row or the route reads a body. The service then authorizes the
 * resource with the facts it loaded.
 */
export function authorizeActor<A extends Action>(viewer: Viewer, action: A): asserts viewer is ActorOf<A> {
  const refusal = actorRefusal(viewer, action);
  if (refusal) throw refusalError(refusal, undefined);
}
