/** This browser's localStorage, or undefined on the server and where storage is blocked (private mode). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

// What the browser keeps for one member (their unsent chat messages) is under keys of its own, so
// that another member logging in on the same browser never sees it, and a logout can forget it.
const MEMBER_PREFIX = 'member_';

export const memberStorageKey = (memberId: number, name: string) => `${MEMBER_PREFIX}${memberId}_${name}`;

const forgetListeners = new Set<() => void>();

/** A feature that keeps a member's data in memory too drops it when the member's data is forgotten. */
export function onMemberDataForgotten(listener: () => void): () => void {
  forgetListeners.add(listener);
  return () => {
    forgetListeners.delete(listener);
  };
}

/** At logout and after deleting the account: nothing of the member stays on a shared computer. */
export function forgetMemberData(
  storage: Pick<Storage, 'key' | 'length' | 'removeItem'> | undefined = safeLocalStorage(),
): void {
  for (const listener of forgetListeners) listener();
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(MEMBER_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
