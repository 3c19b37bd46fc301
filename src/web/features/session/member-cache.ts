import { QueryObserver } from '@tanstack/react-query';
import type { User } from '../../../shared/contracts/auth.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import { sessionKeys, userQuery } from './session-queries.ts';

/**
 * The logged-in member's one place in the browser: the user query's cache entry. The session
 * provider reaches it through this module, loaded on demand (with TanStack Query) only once a
 * member is known, so visitors' pages stay within their JavaScript budget (docs/decisions/0016).
 * The poll (session-refresher.tsx), a save that answers with the member (privacy), a refresh,
 * the login's answer and the loaders' fresh reads all write here.
 */

/** Calls `onChange` whenever the member's entry changes; the subscription keeps the entry alive. */
export function watchMember(memberId: number, onChange: () => void): () => void {
  const observer = new QueryObserver(getQueryClient(), { ...userQuery(memberId), enabled: false });
  return observer.subscribe(onChange);
}

export function readMember(memberId: number): User | undefined {
  return getQueryClient().getQueryData(userQuery(memberId).queryKey);
}

/** The member as read at `readAt` (now by default); an entry read later keeps its own. */
export function writeMember(member: User, readAt = Date.now()): void {
  const client = getQueryClient();
  const { queryKey } = userQuery(member.id);
  if ((client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > readAt) return;
  client.setQueryData(queryKey, member, { updatedAt: readAt });
}

/**
 * GET /api/user.php now, into the entry. A read still on its way (the poll, the live channel's read as
 * it opens) was asked before whatever asks for this one (a like, a message) and may answer without
 * it: it is cancelled, rather than handed out as this read's answer, as a fetch of the same key would be.
 */
export async function fetchMember(memberId: number): Promise<User> {
  const client = getQueryClient();
  const options = userQuery(memberId);
  await client.cancelQueries({ queryKey: options.queryKey });
  return client.fetchQuery({ ...options, staleTime: 0 });
}

/** After a logout or a lost session: a later login starts from its own answer, never from this one. */
export function forgetMembers(): void {
  getQueryClient().removeQueries({ queryKey: sessionKeys.all });
}
