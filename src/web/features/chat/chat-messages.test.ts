import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/contracts/chat.ts';
import { completeThrough, dayLabel, lastSeqOf, mergeMessages, withDaySeparators } from './chat-messages.ts';

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

describe('completeThrough', () => {
  it('stops below a hole: an own send answered before the partner’s message just ahead of it came', () => {
    // The tab had 1–10; its own send came back as 12, while 11 (the partner's) was not there yet.
    const list = mergeMessages(
      Array.from({ length: 10 }, (_, i) => message(i + 1)),
      [message(12)],
    );
    expect(completeThrough(list, 10)).toBe(10);
    // The catch-up after 10 brings 11 (and 12 again): complete through 12.
    expect(completeThrough(mergeMessages(list, [message(11), message(12)]), 12)).toBe(12);
  });

  it('goes on through what follows without a hole, and from what the server’s answers covered', () => {
    expect(completeThrough([message(3), message(4), message(5)], 2)).toBe(5);
    expect(completeThrough([message(3), message(4)], 0)).toBe(0);
    // An answer that covered up to 7 (older messages hidden by retention): 7, then 8.
    expect(completeThrough([message(7), message(8)], 7)).toBe(8);
    expect(completeThrough([], 4)).toBe(4);
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
