import type { MessageKind } from '../../../shared/contracts/chat.ts';

/**
 * Messages typed but not acknowledged yet, per conversation (`c:{id}`) or partner (`m:{id}`), kept
 * in memory for the tab's life: leaving a conversation and coming back, or a reconnect, finds them
 * again, and a resend reuses the client id so the server stores and charges each once.
 */
export type PendingMessage = {
  clientId: string;
  kind: MessageKind;
  /** A text, a gift's note, an image's caption. */
  body: string;
  /** A gift being sent: what the bubble shows until the server answers. */
  gift?: { id: number; slug: string; name: string };
  /** An uploaded image being sent, with the address its preview shows. */
  image?: { id: number; thumb_url: string };
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why it failed (an error code), when the server said so; absent for a lost connection. */
  error?: string;
  /** The daily limit that refused it (daily_limit_reached), for the text. */
  limit?: number;
};

type Listener = () => void;
const boxes = new Map<string, PendingMessage[]>();
const listeners = new Set<Listener>();
const EMPTY: PendingMessage[] = [];

function changed() {
  for (const listener of listeners) listener();
}

export function pendingOf(key: string): PendingMessage[] {
  return boxes.get(key) ?? EMPTY;
}

export function putPending(key: string, message: PendingMessage): void {
  const rest = pendingOf(key).filter((m) => m.clientId !== message.clientId);
  boxes.set(key, [...rest, message]);
  changed();
}

export function dropPending(key: string, clientId: string): void {
  const rest = pendingOf(key).filter((m) => m.clientId !== clientId);
  if (rest.length === 0) boxes.delete(key);
  else boxes.set(key, rest);
  changed();
}

/** Moves what waited under the partner's key to the conversation the first message created. */
export function movePending(from: string, to: string): void {
  const moving = pendingOf(from);
  if (moving.length === 0) return;
  boxes.delete(from);
  boxes.set(to, [...pendingOf(to), ...moving]);
  changed();
}

export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
