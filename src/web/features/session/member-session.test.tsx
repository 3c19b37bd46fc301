import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/contracts/auth.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import { testUser } from '../../test/users.ts';
import { MemberSessionProvider, useSession } from './member-session.tsx';
import { sessionKeys } from './session-queries.ts';

let session: ReturnType<typeof useSession> | undefined;
function Probe() {
  session = useSession();
  const { user } = session;
  return <p data-testid="member">{user ? `${user.id}:${user.credits}` : 'visitor'}</p>;
}

function renderSession(initial: User | null) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <MemberSessionProvider initial={initial}>
          <Probe />
        </MemberSessionProvider>
      ),
    },
    { path: '/members', element: <p>members</p> },
  ]);
  render(<RouterProvider router={router} />);
}

const shown = () => screen.getByTestId('member').textContent;

describe('the member session', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows what is written to the member's cache entry (a save answering with the member)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ user: testUser({ id: 7, credits: 10 }) })),
    );
    renderSession(testUser({ id: 7, credits: 10 }));
    expect(shown()).toBe('7:10');
    // The provider reads the entry once its module is loaded (on demand); the entry itself may be
    // there before (the refresher's initial data), so the signal is the provider showing a write.
    act(() => getQueryClient().setQueryData(sessionKeys.user(7), testUser({ id: 7, credits: 20 })));
    await waitFor(() => expect(shown()).toBe('7:20'));
    // And each write after it (the provider's subscription is an effect of a render that React may
    // run after the write: the write is waited for, as it shows, not timed).
    act(() => getQueryClient().setQueryData(sessionKeys.user(7), testUser({ id: 7, credits: 250 })));
    await waitFor(() => expect(shown()).toBe('7:250'));
  });

  it('a refresh reads the member again into the same place', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ user: testUser({ id: 7, credits: 90 }) })),
    );
    renderSession(testUser({ id: 7, credits: 10 }));
    await act(() => session?.refresh());
    expect(shown()).toBe('7:90');
    expect(getQueryClient().getQueryData<User>(sessionKeys.user(7))?.credits).toBe(90);
  });

  it('a refresh asked while an older read is on its way reads again: the older answer never wins', async () => {
    // The live channel's read as it opens leaves before a like is stored and answers after it;
    // the like's own refresh, asked meanwhile, must not be handed that older read (a clean clone
    // once kept the likes badge one short until the next poll).
    let answerOld: (response: Response) => void = () => {};
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerOld = resolve)))
      .mockImplementation(async () => Response.json({ user: testUser({ id: 7, new_likes: 4 }) }));
    vi.stubGlobal('fetch', fetchMock);
    renderSession(testUser({ id: 7, new_likes: 3 }));
    const before = session?.refresh();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(() => session?.refresh());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    answerOld(Response.json({ user: testUser({ id: 7, new_likes: 3 }) }));
    await act(async () => {
      await before;
    });
    expect(getQueryClient().getQueryData<User>(sessionKeys.user(7))?.new_likes).toBe(4);
  });

  it("shows the login's member at once, and forgets the member at once on logout", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ok: true })),
    );
    renderSession(null);
    expect(shown()).toBe('visitor');
    await act(() => session?.signIn(testUser({ id: 8, credits: 5 }), '/'));
    expect(shown()).toBe('8:5');
    await act(() => session?.signOut('/'));
    expect(shown()).toBe('visitor');
    expect(getQueryClient().getQueryData(sessionKeys.user(8))).toBeUndefined();
  });

  it('shows the member while the logout request runs, then forgets them', async () => {
    let finish = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/logout.php')
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
        return Response.json({ ok: true });
      }),
    );
    renderSession(null);
    await act(() => session?.signIn(testUser({ id: 9, credits: 5 }), '/'));
    let out: Promise<void> | undefined;
    act(() => {
      out = session?.logout();
    });
    // Nothing offers a visitor's "Log in" before the session has ended: a click on it was undone
    // by the navigation that came after the request.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/logout.php', expect.anything()));
    expect(shown()).toBe('9:5');
    await act(async () => {
      finish();
      await out;
    });
    expect(shown()).toBe('visitor');
  });

  it('a refresh that finds the session gone logs the member out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'authentication_required', message: 'no' } }, { status: 403 }),
      ),
    );
    renderSession(testUser({ id: 7 }));
    await act(() => session?.refresh());
    await waitFor(() => expect(shown()).toBe('visitor'));
  });
});
