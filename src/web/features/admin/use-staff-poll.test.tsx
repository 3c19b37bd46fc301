import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffServerEvent } from '../../../shared/realtime/staff-events.ts';
import { STAFF_EVENT_DEBOUNCE_MS, useStaffChanges } from './use-staff-changes.ts';
import {
  STAFF_FALLBACK_POLL_MS,
  type StaffPoll,
  type StaffPollOptions,
  useStaffPoll,
} from './use-staff-poll.ts';

type List = { rows: string[] };

/** A GET the test answers (or fails) when it chooses, so reads can overlap and arrive out of order. */
type Read = {
  url: string;
  answer: (body: unknown, status?: number) => void;
  fail: () => void;
};

let reads: Read[] = [];
let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/**
 * The back office's socket as the test plays it: it opens, tells, drops when the test says so.
 * Every socket the page made is kept, the newest last.
 */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
  }
  /** A live server answers the client's pings. */
  send(data: string) {
    if (JSON.parse(data).type === 'ping') this.onmessage?.({ data: JSON.stringify({ type: 'pong' }) });
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  tell(event: StaffServerEvent) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
  drop() {
    act(() => {
      this.readyState = 3;
      this.onclose?.({ code: 1006 });
    });
  }
}
const socket = () => FakeSocket.made.at(-1) as FakeSocket;
const changed = (list: 'reports' | 'operator_queue', id = 1): StaffServerEvent => ({
  type: 'list_changed',
  change: list === 'reports' ? { list, kind: 'opened', id } : { list, kind: 'waiting', id },
});

/**
 * The fallback poll's clock: only its interval and Date are fake (Testing Library waits on
 * timeouts, and the events' debounce is a timeout: its read is waited for, never timed). What is
 * not in the DOM (the reads, the sockets) is waited for with vi.waitFor, whose clock is real.
 */
const tick = (ms = STAFF_FALLBACK_POLL_MS) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

let latest: StaffPoll<List | null>;
function Probe(props: StaffPollOptions<List | null>) {
  latest = useStaffPoll(props);
  return (
    <output data-testid="poll">
      {JSON.stringify({ rows: latest.data?.rows ?? null, at: latest.at, error: latest.error })}
    </output>
  );
}
const shown = () =>
  JSON.parse(screen.getByTestId('poll').textContent ?? '') as {
    rows: string[] | null;
    at: number;
    error: string | null;
  };

const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);

beforeEach(() => {
  reads = [];
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  // The socket's reconnection waits a random part of its backoff: none here.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  visibility = 'visible';
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve, reject) => {
          reads.push({
            url,
            answer: (body, status = 200) => resolve(Response.json(body, { status })),
            fail: () => reject(new TypeError('Failed to fetch')),
          });
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const urls = () => reads.map((read) => read.url);

describe('useStaffPoll', () => {
  it("shows the loader's data, then reads the list again when the socket says it changed, never on a timer while it is open", async () => {
    render(
      <Probe
        path="/api/admin/reports.php"
        query={{ status: 'open' }}
        initial={{ rows: ['a'] }}
        readAt={T0 - 1000}
      />,
    );
    expect(shown()).toEqual({ rows: ['a'], at: T0 - 1000, error: null });
    expect(socket().url).toBe(`ws://${window.location.host}/api/admin/realtime`);
    expect(reads).toHaveLength(0);

    // Opening reads once: what changed before it was never told.
    socket().open();
    expect(urls()).toEqual(['/api/admin/reports.php?status=open']);
    reads[0]?.answer({ rows: ['a', 'b'] });
    await waitFor(() => expect(shown()).toEqual({ rows: ['a', 'b'], at: T0, error: null }));

    tick();
    tick();
    expect(reads).toHaveLength(1);

    // Another list's change is not this one's; three of this list's close together make one read.
    socket().tell(changed('operator_queue'));
    socket().tell(changed('reports', 1));
    socket().tell(changed('reports', 2));
    socket().tell(changed('reports', 3));
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.answer({ rows: ['c'] });
    await waitFor(() => expect(shown().rows).toEqual(['c']));
    expect(reads).toHaveLength(2);
    // The read after the next event is the second one: the three before made one.
    socket().tell(changed('reports', 4));
    await vi.waitFor(() => expect(reads).toHaveLength(3));
    expect(STAFF_EVENT_DEBOUNCE_MS).toBeGreaterThan(0);
  });

  it('polls every 60 s only while the socket is down, and reads again when it is back', async () => {
    render(<Probe path="/api/admin/operator-queue.php" initial={{ rows: ['a'] }} />);
    // Not yet open: the slow poll stands in.
    tick(STAFF_FALLBACK_POLL_MS - 1);
    expect(reads).toHaveLength(0);
    tick(1);
    expect(reads).toHaveLength(1);
    socket().open();
    expect(reads).toHaveLength(2);
    tick();
    expect(reads).toHaveLength(2);

    const first = socket();
    first.drop();
    tick();
    expect(reads).toHaveLength(3);
    // The reconnection opens a new socket; its opening reads what was missed meanwhile.
    await vi.waitFor(() => expect(FakeSocket.made.length).toBe(2));
    socket().open();
    expect(reads).toHaveLength(4);
    tick();
    expect(reads).toHaveLength(4);
  });

  it('keeps one socket for the lists of a page, and closes it when the last one goes', () => {
    const { unmount } = render(
      <>
        <Probe path="/api/admin/moderation-photos.php" initial={{ rows: [] }} />
        <Probe path="/api/admin/moderation-texts.php" initial={{ rows: [] }} />
      </>,
    );
    expect(FakeSocket.made).toHaveLength(1);
    socket().open();
    unmount();
    expect(socket().readyState).toBe(3);
  });

  it('reads nothing while the tab is hidden, and reads at once when it becomes visible', async () => {
    render(<Probe path="/api/admin/list.php" initial={{ rows: ['a'] }} />);
    setVisibility('hidden');
    tick();
    tick();
    expect(reads).toHaveLength(0);

    setVisibility('visible');
    expect(urls()).toEqual(['/api/admin/list.php']);
    reads[0]?.answer({ rows: ['c'] });
    await waitFor(() => expect(shown().rows).toEqual(['c']));
  });

  it('keeps the list on a failed read with its code, and clears the code after a good one', async () => {
    render(<Probe path="/api/admin/list.php" initial={{ rows: ['a'] }} />);
    tick();
    reads[0]?.answer({ error: { code: 'staff_forbidden', message: 'no' } }, 403);
    await waitFor(() => expect(shown()).toMatchObject({ rows: ['a'], error: 'staff_forbidden' }));

    tick();
    reads[1]?.fail();
    await waitFor(() => expect(shown()).toMatchObject({ rows: ['a'], error: 'network_error' }));

    tick();
    reads[2]?.answer({ rows: ['d'] });
    await waitFor(() => expect(shown()).toMatchObject({ rows: ['d'], error: null }));
  });

  // A read's own promise (refresh's) ends when its answer was shown or dropped: the signal to look.
  it('drops the answer of a read started before the query changed', async () => {
    const { rerender } = render(
      <Probe path="/api/admin/list.php" query={{ status: 'open' }} initial={{ rows: ['a'] }} />,
    );
    const stale = latest.refresh();
    rerender(<Probe path="/api/admin/list.php" query={{ status: 'closed' }} initial={{ rows: ['a'] }} />);
    reads[0]?.answer({ rows: ['open list'] });
    await act(() => stale);
    expect(shown().rows).toEqual(['a']);

    tick();
    expect(urls()).toEqual(['/api/admin/list.php?status=open', '/api/admin/list.php?status=closed']);
    reads[1]?.answer({ rows: ['closed list'] });
    await waitFor(() => expect(shown().rows).toEqual(['closed list']));
  });

  it("replaces the polled list with the loader's new data and drops a read started before it", async () => {
    const { rerender } = render(<Probe path="/api/admin/list.php" initial={{ rows: ['a'] }} readAt={T0} />);
    tick();
    reads[0]?.answer({ rows: ['polled'] });
    await waitFor(() => expect(shown().rows).toEqual(['polled']));

    const stale = latest.refresh();
    rerender(<Probe path="/api/admin/list.php" initial={{ rows: ['new loader'] }} readAt={T0 + 7000} />);
    expect(shown()).toEqual({ rows: ['new loader'], at: T0 + 7000, error: null });
    reads[1]?.fail();
    await act(() => stale);
    expect(shown()).toEqual({ rows: ['new loader'], at: T0 + 7000, error: null });
  });

  it('drops an answer overtaken by a later read', async () => {
    render(<Probe path="/api/admin/list.php" initial={{ rows: ['a'] }} />);
    const older = latest.refresh();
    const newer = latest.refresh();
    reads[1]?.answer({ rows: ['newer'] });
    await act(() => newer);
    expect(shown().rows).toEqual(['newer']);
    reads[0]?.answer({ rows: ['older'] });
    await act(() => older);
    expect(shown().rows).toEqual(['newer']);
  });

  it('reads no more once the page is gone', () => {
    const { unmount } = render(<Probe path="/api/admin/list.php" initial={{ rows: ['a'] }} />);
    unmount();
    tick();
    setVisibility('visible');
    expect(reads).toHaveLength(0);
  });

  it('without loader data reads at once, and at once again for a new query', async () => {
    const { rerender } = render(<Probe path="/api/admin/list.php" query={{ profile: 1 }} initial={null} />);
    expect(shown().rows).toBeNull();
    expect(urls()).toEqual(['/api/admin/list.php?profile=1']);
    reads[0]?.answer({ rows: ['p1'] });
    await waitFor(() => expect(shown().rows).toEqual(['p1']));

    rerender(<Probe path="/api/admin/list.php" query={{ profile: 2 }} initial={null} />);
    expect(urls()).toEqual(['/api/admin/list.php?profile=1', '/api/admin/list.php?profile=2']);
    // The same query in a new object is not a new list.
    rerender(<Probe path="/api/admin/list.php" query={{ profile: 2 }} initial={null} />);
    expect(reads).toHaveLength(2);
    reads[1]?.answer({ rows: ['p2'] });
    await waitFor(() => expect(shown().rows).toEqual(['p2']));
  });

  it('reads a new query once, on the socket the page already has', async () => {
    const { rerender } = render(<Probe path="/api/admin/list.php" query={{ profile: 1 }} initial={null} />);
    socket().open();
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[0]?.answer({ rows: ['p1'] });
    reads[1]?.answer({ rows: ['p1'] });
    await waitFor(() => expect(shown().rows).toEqual(['p1']));

    rerender(<Probe path="/api/admin/list.php" query={{ profile: 2 }} initial={null} />);
    expect(FakeSocket.made).toHaveLength(1);
    expect(socket().readyState).toBe(1);
    expect(urls().slice(2)).toEqual(['/api/admin/list.php?profile=2']);
  });

  it('refresh reads now even in a hidden tab', async () => {
    render(<Probe path="/api/admin/list.php" initial={{ rows: ['a'] }} />);
    setVisibility('hidden');
    const done = act(() => latest.refresh());
    reads[0]?.answer({ rows: ['e'] });
    await done;
    expect(shown().rows).toEqual(['e']);
  });
});

let calls = 0;
function Changes({ id }: { id: number }) {
  // A new function each render, as a page writes it: no new socket for it.
  useStaffChanges(
    (change) => change.list === 'operator_queue' && change.id === id,
    () => {
      calls += 1;
    },
  );
  return null;
}

describe('useStaffChanges', () => {
  it('calls once for the changes it picks close together, and at each opening of the socket', async () => {
    calls = 0;
    const { rerender } = render(<Changes id={7} />);
    socket().open();
    expect(calls).toBe(1);
    socket().tell(changed('operator_queue', 8));
    socket().tell(changed('reports', 7));
    socket().tell(changed('operator_queue', 7));
    socket().tell(changed('operator_queue', 7));
    await vi.waitFor(() => expect(calls).toBe(2));
    // Another id is picked by the next render's function, on the same socket.
    rerender(<Changes id={8} />);
    expect(FakeSocket.made).toHaveLength(1);
    socket().tell(changed('operator_queue', 8));
    await vi.waitFor(() => expect(calls).toBe(3));
    // A message while the socket was down: its reopening reads again.
    socket().drop();
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2));
    socket().open();
    expect(calls).toBe(4);
  });
});
