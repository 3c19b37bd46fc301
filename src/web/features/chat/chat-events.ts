import type { ServerEventOf } from '../../../shared/realtime/events.ts';

export type ChatEvent =
  | ServerEventOf<'message'>
  | ServerEventOf<'read'>
  | ServerEventOf<'typing'>
  | { type: 'reconnect' };

type Listener = (event: ChatEvent) => void;
const listeners = new Set<Listener>();

/**
 * The tab's one real-time client (features/likes/live-connections.tsx) hands the chat's events
 * here, and a reconnection (events sent while away are lost: the chat re-reads after its last seq).
 * A module-level channel like connection-events.ts: the chat pages do not open a socket of their own.
 */
export function emitChatEvent(event: ChatEvent): void {
  for (const listener of listeners) listener(event);
}

export function onChatEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
