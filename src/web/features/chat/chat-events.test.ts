import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeState } from '../../lib/realtime.ts';
import { type ChatEvent, followConnection, isChatConnected, onChatEvent } from './chat-events.ts';

/** A real-time client the test moves from state to state. */
function fakeClient() {
  let listener: ((state: RealtimeState) => void) | undefined;
  return {
    onState: (next: (state: RealtimeState) => void) => {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
    goes: (state: RealtimeState) => listener?.(state),
  };
}

describe('followConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says down once the channel stayed down for the grace from the drop, whatever the retries do', () => {
    const client = fakeClient();
    const stop = followConnection(client, 3_000);
    client.goes('open');
    client.goes('waiting');
    // Quick attempts, each refused: they do not start the wait again.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(500);
      client.goes('connecting');
      client.goes('waiting');
    }
    expect(isChatConnected()).toBe(true);
    vi.advanceTimersByTime(500);
    expect(isChatConnected()).toBe(false);
    // Open again: up at once, and a later drop waits a grace of its own.
    client.goes('connecting');
    client.goes('open');
    expect(isChatConnected()).toBe(true);
    client.goes('waiting');
    vi.advanceTimersByTime(2_999);
    expect(isChatConnected()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isChatConnected()).toBe(false);
    // No longer followed (a logout): the chats are left thinking it is up.
    stop();
    expect(isChatConnected()).toBe(true);
  });

  it('asks the chats to read what they missed at every opening, the first one too', () => {
    // A conversation page reads its messages, then its socket opens: a message the partner sent in
    // between reached no socket of this tab (it was lost once under load in the chat journey).
    const client = fakeClient();
    const heard: ChatEvent[] = [];
    const offHeard = onChatEvent((event) => heard.push(event));
    const stop = followConnection(client, 3_000);
    client.goes('connecting');
    expect(heard).toEqual([]);
    client.goes('open');
    expect(heard).toEqual([{ type: 'reconnect' }]);
    client.goes('waiting');
    client.goes('connecting');
    client.goes('open');
    expect(heard).toEqual([{ type: 'reconnect' }, { type: 'reconnect' }]);
    client.goes('stopped');
    expect(heard).toHaveLength(2);
    stop();
    offHeard();
  });
});
