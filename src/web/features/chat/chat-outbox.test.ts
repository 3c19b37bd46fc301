import { describe, expect, it } from 'vitest';
import { forgetMemberData } from '../../lib/local-storage.ts';
import {
  dropPending,
  movePending,
  openOutbox,
  pendingKeyOf,
  pendingOf,
  putPending,
  settled,
  startSending,
  subscribeOutbox,
} from './chat-outbox.ts';

/** A browser's localStorage, shared by the "tabs" of a test. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

const waiting = (clientId: string, status: 'sending' | 'failed' = 'sending') => ({
  clientId,
  kind: 'text' as const,
  body: `text ${clientId}`,
  createdAt: '2026-11-24T10:00:00Z',
  status,
});

describe('the outbox of unsent messages', () => {
  it('keeps one entry per client id where it was written, so a retry changes it instead of adding a copy or moving it', () => {
    putPending('c:1', waiting('a'));
    putPending('c:1', waiting('b'));
    putPending('c:1', waiting('a', 'failed'));
    expect(pendingOf('c:1').map((m) => [m.clientId, m.status])).toEqual([
      ['a', 'failed'],
      ['b', 'sending'],
    ]);
    expect(pendingKeyOf('b')).toBe('c:1');
    dropPending('c:1', 'a');
    dropPending('c:1', 'b');
    expect(pendingOf('c:1')).toEqual([]);
    expect(pendingKeyOf('b')).toBeUndefined();
  });

  it('moves what waited for a partner to the conversation the first message created, and tells listeners', () => {
    let told = 0;
    const off = subscribeOutbox(() => {
      told += 1;
    });
    putPending('m:7', waiting('x'));
    movePending('m:7', 'c:9');
    expect(pendingOf('m:7')).toEqual([]);
    expect(pendingOf('c:9').map((m) => m.clientId)).toEqual(['x']);
    expect(told).toBe(2);
    off();
    dropPending('c:9', 'x');
    expect(told).toBe(2);
  });

  it('keeps a member’s unsent messages in the browser: a reload finds them, another member never does', () => {
    const storage = memoryStorage();
    openOutbox(41, storage);
    putPending('c:3', waiting('kept'));
    putPending('m:8', waiting('first', 'failed'));
    // Another member logs in on the same browser: nothing of the first one's.
    openOutbox(42, storage);
    expect(pendingOf('c:3')).toEqual([]);
    expect(pendingOf('m:8')).toEqual([]);
    // The first member again, as after a reload: the tab's memory starts from the stored copy.
    openOutbox(41, storage);
    expect(pendingOf('c:3').map((m) => [m.clientId, m.status])).toEqual([['kept', 'sending']]);
    expect(pendingOf('m:8').map((m) => [m.clientId, m.status])).toEqual([['first', 'failed']]);
    dropPending('c:3', 'kept');
    dropPending('m:8', 'first');
    expect(JSON.parse(storage.getItem('member_41_chat_outbox') ?? '')).toEqual({});
  });

  it('changes the stored copy as it is, so one tab never erases what another tab of the member added', () => {
    const storage = memoryStorage();
    openOutbox(51, storage);
    putPending('c:1', waiting('tab-a'));
    // A second tab adds its own message to the stored copy.
    const stored = JSON.parse(storage.getItem('member_51_chat_outbox') ?? '');
    stored['c:2'] = [waiting('tab-b')];
    storage.setItem('member_51_chat_outbox', JSON.stringify(stored));
    // The first tab's answer comes: only its own message leaves the stored copy.
    dropPending('c:1', 'tab-a');
    expect(JSON.parse(storage.getItem('member_51_chat_outbox') ?? '')).toEqual({ 'c:2': [waiting('tab-b')] });
  });

  it('starts empty from a stored copy it cannot read, and forgets everything at logout', () => {
    const storage = memoryStorage();
    storage.setItem('member_61_chat_outbox', '{"c:1": [{"clientId": 5}]}');
    storage.setItem('member_62_chat_outbox', 'not json');
    storage.setItem('dismissed_add_photo', '1');
    openOutbox(61, storage);
    expect(pendingOf('c:1')).toEqual([]);
    openOutbox(62, storage);
    expect(pendingOf('c:1')).toEqual([]);
    putPending('c:1', waiting('secret'));
    forgetMemberData(storage);
    expect(pendingOf('c:1')).toEqual([]);
    expect([...storage.items.keys()]).toEqual(['dismissed_add_photo']);
  });

  it('sends a message once at a time in a tab: a resend waits for the answer under way', () => {
    expect(startSending('x')).toBe(true);
    expect(startSending('x')).toBe(false);
    settled('x');
    expect(startSending('x')).toBe(true);
    settled('x');
  });
});
