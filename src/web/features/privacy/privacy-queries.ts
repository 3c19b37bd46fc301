import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/contracts/auth.ts';
import type { BlockedMembersResponse } from '../../../shared/contracts/members.ts';
import { getJson, request } from '../../lib/api.ts';
import { writeSavedMember } from '../session/session-queries.ts';

const privacyKeys = {
  all: ['privacy'] as const,
  blocked: () => [...privacyKeys.all, 'blocked'] as const,
};

/** GET /api/blocks.php: the member's own blocks, newest first, 50 a page. */
export function blockedMembersQuery() {
  return infiniteQueryOptions({
    queryKey: privacyKeys.blocked(),
    queryFn: ({ pageParam }) =>
      getJson<BlockedMembersResponse>(
        pageParam ? `/api/blocks.php?cursor=${encodeURIComponent(pageParam)}` : '/api/blocks.php',
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Blocks are placed on profile pages, outside this query: read again whenever settings open.
    staleTime: 0,
  });
}

/**
 * DELETE /api/block.php from the list: the member leaves the pages already loaded, with no reload
 * (the next page's cursor is a time and an id, which a removal does not move).
 */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('/api/block.php', { method: 'DELETE', body: { id } }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<InfiniteData<BlockedMembersResponse, string | null>>(
        privacyKeys.blocked(),
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((page) => ({ ...page, members: page.members.filter((m) => m.id !== id) })),
          },
      ),
  });
}

/**
 * PUT /api/invisible.php; the member it answers replaces the polled one (the session refresher
 * observes that query), so the whole page shows the switch at once.
 */
export function useSetInvisible() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invisible: boolean) =>
      (await request<{ user: User }>('/api/invisible.php', { method: 'PUT', body: { invisible } })).user,
    onSuccess: (user) => writeSavedMember(queryClient, user),
  });
}
