import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/contracts/auth.ts';
import { userQuery } from '../session/session-queries.ts';
import { useSetInvisible } from './privacy-queries.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member = (invisible: boolean) => ({ id: 7, invisible }) as User;

describe('useSetInvisible', () => {
  it("keeps the save's answer when a read of the member asked before it lands after it", async () => {
    let answerRead: (() => void) | undefined;
    const readHeld = new Promise<void>((resolve) => {
      answerRead = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') return Response.json({ user: member(false) });
        // The read was asked while she was still invisible, and answers after the save.
        await readHeld;
        return Response.json({ user: member(true) });
      }),
    );
    const client = new QueryClient();
    client.setQueryData(userQuery(7).queryKey, member(true));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSetInvisible(), { wrapper });

    const read = client.fetchQuery({ ...userQuery(7), staleTime: 0 }).catch(() => undefined);
    await act(() => result.current.mutateAsync(false));
    answerRead?.();
    await read;

    await waitFor(() => expect(client.getQueryData<User>(userQuery(7).queryKey)?.invisible).toBe(false));
  });
});
