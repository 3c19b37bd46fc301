import type { MemberCard } from '../../../shared/contracts/members.ts';

/** What the match and new-like modals show of a member: a card's fields, city and country optional. */
export type ConnectionMember = Pick<MemberCard, 'id' | 'name' | 'age' | 'main_image' | 'fictional'> &
  Partial<Pick<MemberCard, 'city' | 'country'>>;

export type Connection = { kind: 'match' | 'like'; member: ConnectionMember };

type Listener = (connection: Connection) => void;
const listeners = new Set<Listener>();

/**
 * A like of this tab made a match, or a like or match arrived: the member session's live part
 * (live-connections.tsx, loaded for members only) shows the modal. A module-level channel, not a
 * context: the buttons that announce live in pages the lazily loaded part does not wrap.
 */
export function announceConnection(connection: Connection): void {
  for (const listener of listeners) listener(connection);
}

export function onConnectionAnnounced(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
