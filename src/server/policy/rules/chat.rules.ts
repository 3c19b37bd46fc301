import { LIMITS } from '../../../shared/limits.ts';
import { type Decision, forAnyone, forMembers } from '../rule.ts';
import { isMember, type Viewer } from '../viewer.ts';
import type { BlockRelation } from './members.rules.ts';

/**
 * The partner of a message as conversation.send needs them, read fresh in one query by the chat
 * service for every send (docs/decisions/0026).
 */
export type ChatPartnerFacts = {
  id: number;
  /** Inside visibleMemberCondition: active, not invisible, not being deleted. */
  visible: boolean;
  /** Hidden by the invisible switch alone (active, not being deleted, not erased). */
  invisibleOnly: boolean;
  /** Signed up but has not confirmed the e-mail address (status not_confirmed). */
  notConfirmed: boolean;
  /** Asked for deletion, within the reactivation window. */
  pendingDeletion: boolean;
  /** Active but hidden by the back office (a report's outcome, a fictional profile hidden). */
  hidden?: boolean;
  relation: BlockRelation;
};

export type SendFacts = {
  partner: ChatPartnerFacts;
  /** The two already have a conversation. */
  conversation: boolean;
  /** Conversations the sender started (the free members' limit). */
  started: number;
};

/**
 * Who may write to whom:
 * - never oneself, nobody blocked either way, no erased or disabled member: like an unknown id;
 * - a hidden partner (invisible, unconfirmed, being deleted) only inside a conversation that
 *   exists: nobody starts one with them (invisible mode, docs/decisions/0024); a member the back
 *   office hid not at all, but their conversation says so (partner_unavailable) instead of vanishing
 *   (a fictional profile hidden goes on in its conversations as an invisible member does);
 * - an unconfirmed partner cannot be answered until they confirm, one being deleted not at all,
 *   each with its own reason, which the conversation shows;
 * - a free member starts at most LIMITS.freeConversations; premium members any number.
 * An unconfirmed sender may write (their partners cannot answer them yet).
 */
const sendMessage = forMembers((member, facts: SendFacts): Decision => {
  const { partner } = facts;
  if (partner.id === member.id) return 'member_not_found';
  if (partner.relation.viewerBlocked || partner.relation.blockedViewer) return 'member_not_found';
  const hiddenButReachable = partner.invisibleOnly || partner.notConfirmed || partner.pendingDeletion;
  if (!partner.visible && !(facts.conversation && hiddenButReachable))
    // Their conversation stays readable and says why nobody writes there any more.
    return facts.conversation && partner.hidden ? 'partner_unavailable' : 'member_not_found';
  if (partner.pendingDeletion) return 'partner_pending_deletion';
  if (partner.notConfirmed) return 'partner_not_confirmed';
  if (!facts.conversation && !member.premium && facts.started >= LIMITS.freeConversations)
    return 'conversation_limit_reached';
  return null;
});

/**
 * Opening a conversation (its page, by conversation or by partner): what writing in it says, except
 * that the member who placed a block is told so by name, where they can lift it (as the profile
 * shows them the one they blocked, member.view). The member blocked still gets an unknown id.
 */
const openConversation = forMembers(
  (member, facts: SendFacts & { name: string }): Decision =>
    facts.partner.relation.viewerBlocked && facts.partner.id !== member.id
      ? 'you_blocked_member'
      : sendMessage.on(member, facts),
);

/** Reading, marking read and removing one's conversations: members; the service checks membership. */
const useConversations = forMembers((_member, _none: undefined): Decision => null);

/** A chat image as its serving rule needs it (docs/decisions/0029). */
export type ChatImageFacts = {
  uploaderId: number;
  /** The two members of the conversation whose message holds the image; null while it is unsent. */
  members: readonly [number, number] | null;
  /** One of the two blocked the other (read only for a sent image). */
  blocked: boolean;
};

/**
 * Who is served a chat image: while unsent, its uploader; once sent, the two members of that
 * conversation, and nobody of them once either blocked the other (the conversation is gone from
 * both lists then). Everyone else, visitors included, gets the answer of an unknown id.
 */
const viewChatImage = forAnyone((viewer: Viewer, image: ChatImageFacts): Decision => {
  if (!isMember(viewer)) return 'media_not_found';
  if (image.members === null) return image.uploaderId === viewer.id ? null : 'media_not_found';
  if (!image.members.includes(viewer.id) || image.blocked) return 'media_not_found';
  return null;
});

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const chatActions = {
  'conversation.send': sendMessage,
  'conversation.open': openConversation,
  'conversation.use': useConversations,
  'chat_image.view': viewChatImage,
};
