import { AppError, notFound } from '../plugins/errors.ts';
import { authenticationRequired } from '../plugins/session.ts';
import type { Refusal } from './rule.ts';

/** The one answer for an unknown member and for one the caller may not see: nothing tells them apart. */
export const memberNotFound = () => new AppError('member_not_found', 404, 'Member not found');

/** An unknown conversation and one of other members answer alike. */
export const conversationNotFound = () =>
  new AppError('conversation_not_found', 404, 'Conversation not found');

/** A code that does not exist and one meant for another member answer alike. */
export const discountCodeNotFound = () => new AppError('discount_code_not_found', 404, 'Code not found');
export const mandateNotFound = () => new AppError('mandate_not_found', 404, 'Mandate not found');
export const nothingToRepeat = () =>
  new AppError('repeat_order_not_found', 404, 'There is no earlier order to repeat');

export const photoNotFound = () => notFound('Photo not found');

export const profileNotFound = () => new AppError('not_found', 404, 'Profile not found');

const cannotBlockSelf = () => new AppError('cannot_block_self', 400, 'You cannot block yourself');

const cannotLikeSelf = () => new AppError('cannot_like_self', 400, 'You cannot like yourself');

const cannotPassSelf = () => new AppError('cannot_pass_self', 400, 'You cannot pass yourself');

const blockedByMember = (name: string) =>
  new AppError('blocked_by_member', 403, `You're blocked by ${name}. You do not have access to this page.`, {
    name,
  });

/** The blocker on the page of a conversation with the member they blocked: the way back is theirs. */
const youBlockedMember = (name: string, id: number) =>
  new AppError('you_blocked_member', 403, `You blocked ${name}.`, { name, id });

function nameIn(resource: unknown): string {
  if (
    typeof resource === 'object' &&
    resource !== null &&
    'name' in resource &&
    typeof resource.name === 'string'
  )
    return resource.name;
  throw new Error('blocked_by_member needs the member facts with their name');
}

/** The partner's id in a conversation's facts (chat.rules.ts SendFacts). */
function partnerIdIn(resource: unknown): number {
  if (
    typeof resource === 'object' &&
    resource !== null &&
    'partner' in resource &&
    typeof resource.partner === 'object' &&
    resource.partner !== null &&
    'id' in resource.partner &&
    typeof resource.partner.id === 'number'
  )
    return resource.partner.id;
  throw new Error('you_blocked_member needs the conversation facts with the partner');
}

/** Each refusal as the API answered it before the policy existed; tests compare bodies byte for byte. */
export function refusalError(refusal: Refusal, resource: unknown): AppError {
  switch (refusal) {
    case 'authentication_required':
      return authenticationRequired();
    case 'forbidden':
      return new AppError('forbidden', 403, 'Your role does not allow this');
    case 'cannot_change_self':
      return new AppError('cannot_change_self', 409, 'You cannot disable yourself or change your own roles');
    case 'cannot_report_self':
      return new AppError('cannot_report_self', 400, 'You cannot report yourself');
    case 'photo_claim_required':
      return new AppError(
        'photo_claim_required',
        403,
        'Claim this conversation to see its photos: they are shown only to the operator answering it.',
      );
    case 'member_not_found':
      return memberNotFound();
    case 'blocked_by_member':
      return blockedByMember(nameIn(resource));
    case 'you_blocked_member':
      return youBlockedMember(nameIn(resource), partnerIdIn(resource));
    case 'cannot_block_self':
      return cannotBlockSelf();
    case 'cannot_like_self':
      return cannotLikeSelf();
    case 'cannot_pass_self':
      return cannotPassSelf();
    case 'search_login_required':
      return new AppError('search_login_required', 403, 'Log in to search members');
    case 'media_not_found':
      // The 404 of a missing file: a hidden owner's photo must not look any different.
      return notFound();
    case 'private_photo_forbidden':
      return new AppError('forbidden', 403, 'Private photos are shown to premium members only');
    case 'photo_not_found':
      return photoNotFound();
    case 'profile_not_found':
      return profileNotFound();
    case 'conversation_not_found':
      return conversationNotFound();
    case 'conversation_limit_reached':
      return new AppError(
        'conversation_limit_reached',
        403,
        'Free members can start two conversations; premium members start any number',
      );
    case 'partner_not_confirmed':
      return new AppError(
        'partner_not_confirmed',
        403,
        'This member has not confirmed their e-mail address yet: you can reply once they have',
      );
    case 'partner_unavailable':
      return new AppError(
        'partner_unavailable',
        403,
        'This profile is no longer available: you cannot send messages here any more',
      );
    case 'partner_pending_deletion':
      return new AppError('partner_pending_deletion', 403, 'This member has deleted their account');
    case 'payment_not_found':
      return new AppError('payment_not_found', 404, 'Payment not found');
    case 'mandate_not_found':
      return mandateNotFound();
    case 'repeat_order_not_found':
      return nothingToRepeat();
    case 'discount_code_not_found':
      return discountCodeNotFound();
    case 'signup_already_complete':
      // Not answered by any route yet: /complete-signup treats a finished sign-up as a no-op.
      return new AppError('bad_request', 400, 'The sign-up is already complete');
  }
}
