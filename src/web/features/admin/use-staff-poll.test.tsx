import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_POLL_MS, type StaffPoll, type StaffPollOptions, useStaffPoll } from './use-staff-poll.ts';

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

/** The poll's clock: only the 5 s interval and Date are fake (Testing Library waits on timeouts). */
const tick = (ms = STAFF_POLL_MS) =>
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
  it("shows the loader's data, then reads the list every 5 s while the tab is visible", async () => {
    render(
      <Probe
        path="/api/admin/list.php"
        query={{ status: 'open' }}
        initial={{ rows: ['a'] }}
        readAt={T0 - 1000}
      />,
    );
    expect(shown()).toEqual({ rows: ['a'], at: T0 - 1000, error: null });
    expect(reads).toHaveLength(0);

    tick(STAFF_POLL_MS - 1);
    expect(reads).toHaveLength(0);
    tick(1);
    expect(urls()).toEqual(['/api/admin/list.php?status=open']);
    reads[0]?.answer({ rows: ['a', 'b'] });
    await waitFor(() => expect(shown()).toEqual({ rows: ['a', 'b'], at: T0 + STAFF_POLL_MS, error: null }));

    tick();
    expect(reads).toHaveLength(2);
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

  it('refresh reads now even in a hidden tab', async () => {
    render(<Probe path="/api/admin/list.php" initial={{ rows: ['a'] }} />);
    setVisibility('hidden');
    const done = act(() => latest.refresh());
    reads[0]?.answer({ rows: ['e'] });
    await done;
    expect(shown().rows).toEqual(['e']);
  });
});
