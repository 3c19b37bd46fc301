import { z } from 'zod';
import { MessageKindSchema } from '../../../shared/contracts/chat.ts';
import { memberStorageKey, onMemberDataForgotten, safeLocalStorage } from '../../lib/local-storage.ts';

/**
 * Messages sent but not acknowledged yet, per conversation (`c:{id}`) or partner (`m:{id}`). Kept
 * in memory, and in this browser's storage for the member once `openOutbox` has named them: leaving
 * a conversation and coming back, a reconnect, a reload, a closed tab or a crashed browser finds them
 * again. A resend reuses the client id, so the server stores and charges each once however often it
 * comes.
 */
const PendingMessageSchema = z.object({
  clientId: z.string().min(1),
  kind: MessageKindSchema,
  /** A text, a gift's note, an image's caption. */
  body: z.string(),
  /** A gift being sent: what the bubble shows until the server answers. */
  gift: z
    .object({
      id: z.number(),
      slug: z.string(),
      name: z.string(),
      /** Its price when chosen: whether a retry can work after insufficient credits. */
      credits: z.number().optional(),
    })
    .optional(),
  /** An uploaded image being sent, with the address its preview shows. */
  image: z.object({ id: z.number(), thumb_url: z.string() }).optional(),
  createdAt: z.string(),
  status: z.enum(['sending', 'failed']),
  /** Why it failed (an error code), when the server said so; absent for a lost connection. */
  error: z.string().optional(),
  /** The daily limit that refused it (daily_limit_reached), for the text. */
  limit: z.number().optional(),
});
export type PendingMessage = z.infer<typeof PendingMessageSchema>;
const StoredOutboxSchema = z.record(z.string(), z.array(PendingMessageSchema));
type Boxes = Record<string, PendingMessage[]>;
type Store = Pick<Storage, 'getItem' | 'setItem'>;

type Listener = () => void;
let boxes: Boxes = {};
const listeners = new Set<Listener>();
/** Whose messages the boxes hold, and their copy in this browser (none where storage is blocked). */
let owner: { key: string; storage: Store | undefined } | null = null;
/** Client ids whose request is under way in this tab: a resend waits for its answer. */
const inFlight = new Set<string>();
export const NO_PENDING: PendingMessage[] = [];

function readStored(store: { key: string; storage: Store }): Boxes {
  try {
    const parsed = StoredOutboxSchema.safeParse(JSON.parse(store.storage.getItem(store.key) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {}; // unreadable: start empty rather than break the chat
  }
}

/**
 * One change, made to the tab's boxes and to the stored copy as it is now (read again, not the
 * tab's): another tab of the member may have changed it since, and must not lose its own entries.
 */
function update(change: (target: Boxes) => void) {
  const next = { ...boxes };
  change(next);
  boxes = next;
  const storage = owner?.storage;
  if (owner && storage) {
    const stored = readStored({ key: owner.key, storage });
    change(stored);
    try {
      storage.setItem(owner.key, JSON.stringify(stored));
    } catch {
      // Storage full or blocked: the tab keeps them in memory, as before.
    }
  }
  for (const listener of listeners) listener();
}

const without = (list: PendingMessage[] | undefined, clientId: string) =>
  (list ?? []).filter((m) => m.clientId !== clientId);

function set(target: Boxes, key: string, list: PendingMessage[]) {
  if (list.length === 0) delete target[key];
  else target[key] = list;
}

/**
 * Binds the outbox to a member: what they had not sent in this browser comes back. Another member
 * (a logout, then a login on the same browser) starts from their own, never from the last one's.
 */
export function openOutbox(memberId: number, storage: Store | undefined = safeLocalStorage()): void {
  const key = memberStorageKey(memberId, 'chat_outbox');
  if (owner?.key === key) return;
  owner = { key, storage };
  boxes = storage ? readStored({ key, storage }) : {};
  inFlight.clear();
  for (const listener of listeners) listener();
}

// A logout: the next member of this tab starts empty (their own copy comes with openOutbox).
onMemberDataForgotten(() => {
  owner = null;
  boxes = {};
  inFlight.clear();
  for (const listener of listeners) listener();
});

export function pendingOf(key: string): PendingMessage[] {
  return boxes[key] ?? NO_PENDING;
}

/** Adds a message, or changes it where it is: the unsent keep the order they were written in. */
export function putPending(key: string, message: PendingMessage): void {
  update((target) => {
    const list = target[key] ?? [];
    const known = list.some((m) => m.clientId === message.clientId);
    set(
      target,
      key,
      known ? list.map((m) => (m.clientId === message.clientId ? message : m)) : [...list, message],
    );
  });
}

/** Where a message waits (its box's key), or undefined once it was sent or given up. */
export function pendingKeyOf(clientId: string): string | undefined {
  for (const [key, list] of Object.entries(boxes)) if (list.some((m) => m.clientId === clientId)) return key;
  return undefined;
}

export function dropPending(key: string, clientId: string): void {
  update((target) => set(target, key, without(target[key], clientId)));
}

/** Moves what waited under the partner's key to the conversation the first message created. */
export function movePending(from: string, to: string): void {
  if (pendingOf(from).length === 0) return;
  update((target) => {
    const moving = target[from] ?? [];
    delete target[from];
    set(target, to, [...(target[to] ?? []), ...moving]);
  });
}

/** Marks a send as under way (false: it already is, in this tab) until `settled`. */
export function startSending(clientId: string): boolean {
  if (inFlight.has(clientId)) return false;
  inFlight.add(clientId);
  return true;
}

export function settled(clientId: string): void {
  inFlight.delete(clientId);
}

export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
