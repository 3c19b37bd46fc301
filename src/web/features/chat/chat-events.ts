import type { ServerEventOf } from '../../../shared/realtime/events.ts';
import type { RealtimeClient } from '../../lib/realtime.ts';

export type ChatEvent =
  | ServerEventOf<'message'>
  | ServerEventOf<'read'>
  | ServerEventOf<'typing'>
  | ServerEventOf<'partner_changed'>
  | ServerEventOf<'presence'>
  /**
   * The channel opened, the first time too: events sent before are lost to this tab (while it was
   * away, or between the moment a page read its messages and the moment its socket opened).
   */
  | { type: 'reconnect' };

type Listener = (event: ChatEvent) => void;
const listeners = new Set<Listener>();

/**
 * The tab's one real-time client (features/likes/live-connections.tsx) hands the chat's events
 * here, and each opening of the channel (events sent before are lost: the chat re-reads after its
 * last seq).
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
function setChatConnected(value: boolean): void {
  if (value === connected) return;
  connected = value;
  for (const listener of connectionListeners) listener();
}

/** Tells `listener` each time the chats' channel goes down or comes up again. */
export function onChatConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => {
    connectionListeners.delete(listener);
  };
}

/** Whether the chats consider the channel up (the conversation store reads it). */
export const isChatConnected = () => connected;

/**
 * Follows the real-time client for the chats: down once the channel has stayed down for `graceMs`
 * from the moment it dropped (the attempts in between do not start the wait again, or quick retries
 * would hide an outage for good), up again the moment it opens. Every opening, the first one too,
 * tells the chats to read what they may have missed: a conversation page reads its messages before
 * its socket opens, and a message the partner sent in between came to no socket of this tab. The
 * returned function stops following and leaves the chats thinking it is up.
 */
export function followConnection(client: Pick<RealtimeClient, 'onState'>, graceMs: number): () => void {
  let downTimer: ReturnType<typeof setTimeout> | undefined;
  const up = () => {
    clearTimeout(downTimer);
    downTimer = undefined;
    setChatConnected(true);
  };
  const off = client.onState((state) => {
    if (state === 'open') emitChatEvent({ type: 'reconnect' });
    if (state === 'open' || state === 'stopped') up();
    else downTimer ??= setTimeout(() => setChatConnected(false), graceMs);
  });
  return () => {
    off();
    up();
  };
}
