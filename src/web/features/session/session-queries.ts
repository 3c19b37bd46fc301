import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import type { User } from '../../../shared/contracts/auth.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { getJson, request } from '../../lib/api.ts';

export const sessionKeys = {
  all: ['session'] as const,
  /** Per member: a new login starts a new polling schedule, never one left from the last member. */
  user: (memberId: number) => [...sessionKeys.all, 'user', memberId] as const,
};

/** GET /api/user.php: the logged-in member with counters and CSRF token. */
export function userQuery(memberId: number) {
  return queryOptions({
    queryKey: sessionKeys.user(memberId),
    queryFn: async () => (await getJson<{ user: User }>('/api/user.php')).user,
    // The session's own schedule decides when to ask again (session-refresher.tsx); a failure
    // waits for the next tick, as api.ts has already retried it.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // The session reads it while the member is logged in (member-cache.ts); a logout or a lost
    // session removes it, so a later login never starts from old data.
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A save that answers with the member (the invisible switch) writes that answer to the member's
 * entry. A read of the member still on its way (the poll, the live channel's read as it opens) was
 * asked before the save and would land after it with the old values, which would stay until the
 * next poll: it is cancelled first.
 */
export async function writeSavedMember(queryClient: QueryClient, member: User): Promise<void> {
  const { queryKey } = userQuery(member.id);
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, member);
}

/**
 * PUT /api/user.php { language }: the language of the member's e-mails and pushes. The page's
 * own language changes right after (useChangeLanguage), whose revalidation brings the member
 * back with the new language, so no cache entry needs touching here.
 */
export function useSaveLanguage() {
  return useMutation({
    mutationFn: (language: Locale) => request('/api/user.php', { method: 'PUT', body: { language } }),
  });
}
