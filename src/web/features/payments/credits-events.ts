type Listener = (balance: number) => void;
const listeners = new Set<Listener>();

/**
 * The tab's one real-time client (features/likes/live-connections.tsx) hands each `credits` event
 * here: the payment return page reads its payment again at once instead of at its next poll.
 */
export function emitCreditsEvent(balance: number): void {
  for (const listener of listeners) listener(balance);
}

export function onCreditsEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
