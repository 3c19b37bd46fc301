import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE } from '../../shared/realtime/events.ts';
import {
  connectRealtime,
  type RealtimeOptions,
  realtimeUrl,
  reconnectDelay,
  type WebSocketLike,
} from './realtime.ts';

/** A socket the test drives: it opens, speaks and closes when told. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  sent: string[] = [];
  closedWith: number | undefined;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  serverCloses(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
const last = () => sockets.at(-1) as FakeSocket;

function connect(options: RealtimeOptions = {}) {
  return connectRealtime({
    url: 'wss://example.nl/api/realtime',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 1,
    baseDelayMs: 1_000,
    maxDelayMs: 30_000,
    stableAfterMs: 60_000,
    ...options,
  });
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('builds the socket URL on the page origin', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'liefdesplein.nl' })).toBe(
      'wss://liefdesplein.nl/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/realtime',
    );
  });

  it('delivers valid events to the subscribers of their type and drops what does not parse', () => {
    const client = connect();
    const credits = vi.fn();
    const hello = vi.fn();
    client.on('credits', credits);
    const off = client.on('hello', hello);
    last().serverOpens();
    last().serverSends({ type: 'hello', userId: 7 });
    last().serverSends({ type: 'credits', balance: 12 });
    last().serverSends({ type: 'credits', balance: -1 });
    last().serverSends('not json');
    last().serverSends({ type: 'unknown_kind' });
    off();
    last().serverSends({ type: 'hello', userId: 7 });
    expect(hello).toHaveBeenCalledOnce();
    expect(hello).toHaveBeenCalledWith({ type: 'hello', userId: 7 });
    expect(credits.mock.calls).toEqual([[{ type: 'credits', balance: 12 }]]);
  });

  it('sends client events only while open', () => {
    const client = connect();
    expect(client.send({ type: 'ping' })).toBe(false);
    last().serverOpens();
    expect(client.send({ type: 'ping' })).toBe(true);
    expect(last().sent).toEqual(['{"type":"ping"}']);
  });

  it('reconnects with capped exponential backoff and full jitter', () => {
    const waits: number[] = [];
    const random = vi.fn(() => 0.5);
    connect({ random });
    for (let i = 0; i < 7; i += 1) {
      const before = sockets.length;
      last().serverCloses();
      const started = Date.now();
      // Advance until the next socket is created, to measure the wait.
      while (sockets.length === before) vi.advanceTimersByTime(1);
      waits.push(Date.now() - started);
    }
    // Half of 1, 2, 4, 8, 16, 30 (capped), 30 seconds.
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
    expect(reconnectDelay(3, () => 0, 1_000, 30_000)).toBe(0);
    expect(reconnectDelay(3, () => 0.999, 1_000, 30_000)).toBe(7_992);
  });

  it('starts the backoff again after a stable connection, not after a short one', () => {
    // No liveness pings here: the connection must end by the test's close alone.
    const client = connect({ livenessMs: 10 * 60_000 });
    for (let i = 0; i < 3; i += 1) {
      last().serverCloses();
      vi.advanceTimersByTime(30_000);
    }
    // Three failures: the next wait would be up to 8 s. A connection that lasts a minute resets it.
    last().serverOpens();
    vi.advanceTimersByTime(60_000);
    last().serverCloses();
    const count = sockets.length;
    vi.advanceTimersByTime(999);
    expect(sockets.length).toBe(count);
    vi.advanceTimersByTime(1);
    expect(sockets.length).toBe(count + 1);
    // A connection that drops at once does not reset it.
    last().serverOpens();
    vi.advanceTimersByTime(1_000);
    last().serverCloses();
    vi.advanceTimersByTime(1_999);
    expect(sockets.length).toBe(count + 1);
    vi.advanceTimersByTime(1);
    expect(sockets.length).toBe(count + 2);
    expect(client.state()).toBe('connecting');
  });

  it('tells onOpen subscribers each time the channel opens, the first time too, and not before', () => {
    const client = connect();
    const reread = vi.fn();
    client.onOpen(reread);
    expect(reread).not.toHaveBeenCalled();
    last().serverOpens();
    expect(reread).toHaveBeenCalledOnce();
    last().serverCloses();
    vi.advanceTimersByTime(1_000);
    expect(reread).toHaveBeenCalledOnce();
    last().serverOpens();
    expect(reread).toHaveBeenCalledTimes(2);
  });

  it('tells onState subscribers each change: open, waiting after a drop, connecting again, stopped', () => {
    const client = connect();
    const states: string[] = [];
    client.onState((state) => states.push(state));
    last().serverOpens();
    last().serverCloses();
    vi.advanceTimersByTime(1_000);
    last().serverOpens();
    client.stop();
    expect(states).toEqual(['open', 'waiting', 'connecting', 'open', 'stopped']);
    expect(client.state()).toBe('stopped');
  });

  it('pings while open and drops a connection that heard nothing since the previous ping', () => {
    connect({ livenessMs: 30_000 });
    const first = last();
    first.serverOpens();
    vi.advanceTimersByTime(30_000);
    expect(first.sent).toEqual(['{"type":"ping"}']);
    first.serverSends({ type: 'pong' });
    vi.advanceTimersByTime(30_000);
    expect(first.sent).toHaveLength(2);
    expect(first.closedWith).toBeUndefined();
    // No answer to the second ping: the next tick leaves it and a reconnection follows.
    vi.advanceTimersByTime(30_000);
    expect(first.closedWith).toBe(4000);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    // The dead socket's late close changes nothing.
    first.serverCloses();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops on session_ended, delivering it, and never reconnects', () => {
    const client = connect();
    const ended = vi.fn();
    client.on('session_ended', ended);
    last().serverOpens();
    last().serverSends({ type: 'session_ended' });
    last().serverCloses(REALTIME_CLOSE.sessionEnded);
    vi.advanceTimersByTime(120_000);
    expect(ended).toHaveBeenCalledOnce();
    expect(sockets).toHaveLength(1);
    expect(client.state()).toBe('stopped');
  });

  it('waits, closed for a newer tab, until the member turns to it, without fighting the newer tab', () => {
    const shown = new Set<() => void>();
    const client = connect({
      onShown: (listener) => {
        shown.add(listener);
        return () => shown.delete(listener);
      },
    });
    const reread = vi.fn();
    client.onOpen(reread);
    last().serverOpens();
    expect(reread).toHaveBeenCalledOnce();
    last().serverCloses(REALTIME_CLOSE.replaced);
    expect(client.state()).toBe('paused');
    // No reconnection by itself, however long: it would close another tab, which would do the same.
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    // The member looks at the tab again: it reconnects at once, and re-reads what it missed.
    for (const listener of [...shown]) listener();
    expect(sockets).toHaveLength(2);
    expect(shown.size).toBe(0);
    last().serverOpens();
    expect(reread).toHaveBeenCalledTimes(2);
    expect(client.state()).toBe('open');
    // Stopped while paused, it stops listening for the tab too.
    last().serverCloses(REALTIME_CLOSE.replaced);
    expect(shown.size).toBe(1);
    client.stop();
    expect(shown.size).toBe(0);
    expect(client.state()).toBe('stopped');
  });

  it('reconnects with backoff after a flood close, like any other drop', () => {
    const client = connect();
    last().serverOpens();
    last().serverCloses(REALTIME_CLOSE.flooding);
    expect(client.state()).toBe('waiting');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops on the session-ended close code alone, and on stop()', () => {
    const first = connect();
    last().serverOpens();
    last().serverCloses(REALTIME_CLOSE.sessionEnded);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    expect(first.state()).toBe('stopped');

    const second = connect();
    last().serverCloses();
    second.stop();
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(2);

    const third = connect();
    last().serverOpens();
    third.stop();
    expect(last().closedWith).toBe(1000);
    expect(third.state()).toBe('stopped');
  });
});
