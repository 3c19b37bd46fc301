import { useSyncExternalStore } from 'react';
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

let connected = true;
const connectionListeners = new Set<() => void>();

/** Whether the tab's real-time channel is up (live-connections.tsx says so, after a short grace). */
export function setChatConnected(value: boolean): void {
  if (value === connected) return;
  connected = value;
  for (const listener of connectionListeners) listener();
}

function subscribeConnection(listener: () => void) {
  connectionListeners.add(listener);
  return () => {
    connectionListeners.delete(listener);
  };
}

/** The chat's connection as the member should hear of it: true on the server and until told otherwise. */
export function useChatConnected(): boolean {
  return useSyncExternalStore(
    subscribeConnection,
    () => connected,
    () => true,
  );
}
