import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/contracts/chat.ts';
import { dayLabel, lastSeqOf, mergeMessages, withDaySeparators } from './chat-messages.ts';

const message = (seq: number, created_at = '2026-11-24T10:00:00Z'): ChatMessage => ({
  id: seq * 10,
  conversation: { id: 1 },
  seq,
  sender: { id: 1 },
  kind: 'text',
  body: `m${seq}`,
  gift: null,
  image: null,
  client_id: `c${seq}`,
  credits: 0,
  created_at,
});

describe('mergeMessages', () => {
  it('orders by seq and keeps each message once, whatever answers overlap', () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3), message(5)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 5]);
    expect(lastSeqOf(merged)).toBe(5);
    expect(lastSeqOf([])).toBe(0);
  });
});

describe('day separators', () => {
  it('puts a separator before the first message of each local day', () => {
    const list = [
      message(1, '2026-11-20T10:00:00'),
      message(2, '2026-11-20T11:00:00'),
      message(3, '2026-11-21T09:00:00'),
    ];
    expect(withDaySeparators(list).map((m) => m.newDay)).toEqual([true, false, true]);
  });

  it('says today and yesterday, otherwise the date', () => {
    const now = new Date('2026-11-24T12:00:00');
    expect(dayLabel('2026-11-24T08:00:00', now)).toEqual({ kind: 'today' });
    expect(dayLabel('2026-11-23T23:00:00', now)).toEqual({ kind: 'yesterday' });
    expect(dayLabel('2026-11-01T08:00:00', now).kind).toBe('date');
  });
});
