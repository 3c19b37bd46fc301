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
    getQueryClient().clear();
  });

  it("shows what is written to the member's cache entry (a save answering with the member)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ user: testUser({ id: 7, credits: 10 }) })),
    );
    renderSession(testUser({ id: 7, credits: 10 }));
    expect(shown()).toBe('7:10');
    await waitFor(() => expect(getQueryClient().getQueryData(sessionKeys.user(7))).toBeDefined());
    act(() => getQueryClient().setQueryData(sessionKeys.user(7), testUser({ id: 7, credits: 250 })));
    expect(shown()).toBe('7:250');
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
