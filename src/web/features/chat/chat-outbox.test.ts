import { describe, expect, it } from 'vitest';
import { dropPending, movePending, pendingOf, putPending, subscribeOutbox } from './chat-outbox.ts';

const waiting = (clientId: string, status: 'sending' | 'failed' = 'sending') => ({
  clientId,
  kind: 'text' as const,
  body: `text ${clientId}`,
  createdAt: '2026-11-24T10:00:00Z',
  status,
});

describe('the outbox of unsent messages', () => {
  it('keeps one entry per client id, so a retry replaces the failed one instead of adding a copy', () => {
    putPending('c:1', waiting('a'));
    putPending('c:1', waiting('b'));
    putPending('c:1', waiting('a', 'failed'));
    expect(pendingOf('c:1').map((m) => [m.clientId, m.status])).toEqual([
      ['b', 'sending'],
      ['a', 'failed'],
    ]);
    dropPending('c:1', 'a');
    dropPending('c:1', 'b');
    expect(pendingOf('c:1')).toEqual([]);
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
});
