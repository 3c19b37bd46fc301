import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberCard, SearchResponse } from '../../../shared/contracts/members.ts';
import { appendPage, useSearchResults } from './use-search-results.ts';

const card = (id: number): MemberCard => ({
  id,
  name: `m${id}`,
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  city: null,
  fictional: false,
  main_image: null,
});

describe('appendPage', () => {
  it('appends the next page in order', () => {
    expect(appendPage([card(9), card(8)], [card(7), card(6)]).map((m) => m.id)).toEqual([9, 8, 7, 6]);
  });

  it('never shows a member twice', () => {
    expect(appendPage([card(9), card(8)], [card(8), card(7)]).map((m) => m.id)).toEqual([9, 8, 7]);
  });
});

const page = (ids: number[], next: string | null): SearchResponse => ({
  members: ids.map(card),
  total: 30,
  total_more: false,
  next_cursor: next,
  similar: null,
});

/** GET /api/members.php answered from `pages` by cursor; held back while `gate` is pending. */
function serveSearch(pages: Record<string, SearchResponse | number>, gate?: Promise<void>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      await gate;
      const answer = pages[new URL(url, 'http://x').searchParams.get('cursor') ?? ''];
      if (typeof answer === 'number')
        return Response.json({ error: { code: 'bad_request', message: 'no' } }, { status: answer });
      return Response.json(answer);
    }),
  );
  return asked;
}

const ids = (members: MemberCard[]) => members.map((m) => m.id);

describe('useSearchResults', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("starts from the loader's page and appends the next pages, each member once, to the end", async () => {
    const asked = serveSearch({ c1: page([8, 7, 6], 'c2'), c2: page([5], null) });
    const first = page([10, 9, 8], 'c1');
    const filters = { gender: 'female' as const };
    const { result } = renderHook(() => useSearchResults(first, filters));
    expect(ids(result.current.members)).toEqual([10, 9, 8]);
    expect(asked).toEqual([]);

    await act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.members)).toEqual([10, 9, 8, 7, 6]));
    expect(result.current.status).toBe('idle');
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.nextCursor).toBeNull());
    expect(ids(result.current.members)).toEqual([10, 9, 8, 7, 6, 5]);
    expect(asked).toEqual([
      '/api/members.php?gender=female&cursor=c1',
      '/api/members.php?gender=female&cursor=c2',
    ]);
    // Past the last page nothing more is asked.
    await act(() => result.current.loadMore());
    expect(asked).toHaveLength(2);
  });

  it('asks once for a page while it is on its way (the sentinel and the button together)', async () => {
    let open = () => {};
    const asked = serveSearch({ c1: page([2], null) }, new Promise<void>((r) => (open = r)));
    const first = page([3], 'c1');
    const { result } = renderHook(() => useSearchResults(first, {}));
    act(() => void result.current.loadMore());
    await waitFor(() => expect(result.current.status).toBe('loading'));
    act(() => void result.current.loadMore());
    open();
    await waitFor(() => expect(ids(result.current.members)).toEqual([3, 2]));
    expect(asked).toEqual(['/api/members.php?cursor=c1']);
  });

  it('says when a page failed, and the retry loads it', async () => {
    const pages: Record<string, SearchResponse | number> = { c1: 400 };
    serveSearch(pages);
    const first = page([3], 'c1');
    const { result } = renderHook(() => useSearchResults(first, {}));
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(ids(result.current.members)).toEqual([3]);
    pages.c1 = page([2], null);
    await act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.members)).toEqual([3, 2]));
    expect(result.current.status).toBe('idle');
  });

  it('starts over with a new first page, dropping a page still on its way for the old one', async () => {
    let open = () => {};
    serveSearch({ old: page([1], null) }, new Promise<void>((r) => (open = r)));
    const { result, rerender } = renderHook(({ first }) => useSearchResults(first, {}), {
      initialProps: { first: page([3, 2], 'old') },
    });
    act(() => void result.current.loadMore());
    await waitFor(() => expect(result.current.status).toBe('loading'));
    // The same filters again (a revalidation, the back button): the loader's new page.
    rerender({ first: page([9, 8], 'new') });
    expect(ids(result.current.members)).toEqual([9, 8]);
    expect(result.current.status).toBe('idle');
    expect(result.current.nextCursor).toBe('new');
    open();
    await act(() => vi.waitUntil(() => (fetch as ReturnType<typeof vi.fn>).mock.settledResults.length === 1));
    expect(ids(result.current.members)).toEqual([9, 8]);
  });
});
