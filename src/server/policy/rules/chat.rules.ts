import { LIMITS } from '../../../shared/limits.ts';
import { type Decision, forMembers } from '../rule.ts';
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
 *   exists: nobody starts one with them (invisible mode, docs/decisions/0024);
 * - an unconfirmed partner cannot be answered until they confirm, one being deleted not at all,
 *   each with its own reason, which the conversation shows;
 * - a free member starts at most LIMITS.freeConversations; premium members any number.
 * An unconfirmed sender may write (their partners cannot answer them yet).
 */
export const sendMessage = forMembers((member, facts: SendFacts): Decision => {
  const { partner } = facts;
  if (partner.id === member.id) return 'member_not_found';
  if (partner.relation.viewerBlocked || partner.relation.blockedViewer) return 'member_not_found';
  const hiddenButReachable = partner.invisibleOnly || partner.notConfirmed || partner.pendingDeletion;
  if (!partner.visible && !(facts.conversation && hiddenButReachable)) return 'member_not_found';
  if (partner.pendingDeletion) return 'partner_pending_deletion';
  if (partner.notConfirmed) return 'partner_not_confirmed';
  if (!facts.conversation && !member.premium && facts.started >= LIMITS.freeConversations)
    return 'conversation_limit_reached';
  return null;
});

/** Reading, marking read and removing one's conversations: members; the service checks membership. */
export const useConversations = forMembers((_member, _none: undefined): Decision => null);
