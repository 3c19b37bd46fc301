import { refusalError } from './refusals.ts';
import type { Decision } from './rule.ts';
import { accountActions } from './rules/account.rules.ts';
import { chatActions } from './rules/chat.rules.ts';
import { discountActions } from './rules/discounts.rules.ts';
import { memberActions } from './rules/members.rules.ts';
import { paymentActions } from './rules/payments.rules.ts';
import { photoActions } from './rules/photos.rules.ts';
import { reportActions } from './rules/reports.rules.ts';
import { staffActions } from './rules/staff.rules.ts';
import { swipeActions } from './rules/swipe.rules.ts';
import { isMember, type StaffViewer, type Viewer } from './viewer.ts';

/**
 * Every action a viewer can be refused, each with its rule, which says who may attempt it (its
 * actor) and the facts it decides on (its resource, loaded by the service in one query).
 * docs/decisions/0017. Each area keeps its actions beside their rules (rules/<area>.rules.ts); an
 * action's types come from its rule, so a new action is one line in its area's table.
 */
const RULES = {
  ...memberActions,
  ...swipeActions,
  ...photoActions,
  ...accountActions,
  ...chatActions,
  ...paymentActions,
  ...discountActions,
  ...staffActions,
  ...reportActions,
};
/*
 * Next, each with its issue (not built yet; a rule and a line in its area's table):
 * 'payment.refund':     StaffViewer (admin), { payment }: admins only.
 */

type Rules = typeof RULES;
export type Action = keyof Rules;
type ActorOf<A extends Action> = Extract<Parameters<Rules[A]['on']>[0], Viewer>;
type ResourceOf<A extends Action> = Parameters<Rules[A]['on']>[1];
/** The back office's rights: actions a staff person asks without a resource (a route's `config.right`). */
export type StaffRightAction = {
  [A in Action]: [ActorOf<A>] extends [StaffViewer] ? (ResourceOf<A> extends undefined ? A : never) : never;
}[Action];
/** Actions without facts are asked without a resource: `can(viewer, 'photo.upload')`. */
type ResourceArgs<A extends Action> = ResourceOf<A> extends undefined ? [] : [resource: ResourceOf<A>];

/** Each area's table matched each rule to its action's types; looked up by a key, that link is lost. */
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
