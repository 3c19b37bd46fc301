import { useCallback, useEffect, useRef, useState } from 'react';
import { STAFF_LIST_OF_PATH } from '../../../shared/realtime/staff-events.ts';
import { ApiError } from '../../lib/api.ts';
import { type AdminRequestOptions, adminRequest } from './admin-api.ts';
import { useStaffChanges } from './use-staff-changes.ts';

/**
 * While the back office's socket is down (connecting, waiting to reconnect, ended), a list is read
 * again this often while its tab is visible, and at once when it becomes visible again; while it
 * is open, the list's events say when.
 */
export const STAFF_FALLBACK_POLL_MS = 60_000;

export type StaffPollOptions<T> = {
  path: `/api/admin/${string}`;
  /** GET parameters: a change is a new list, read with these from then on. */
  query?: AdminRequestOptions['query'];
  /**
   * The loader's first data; new loader data (a navigation back) replaces what the polls had.
   * `null`: the page has none, so the list is read at once, and again whenever `query` changes.
   */
  initial: T;
  /** When the loader read `initial` (its ages count from then); the render's clock if not given. */
  readAt?: number;
};

export type StaffPoll<T> = {
  data: T;
  /** When `data` was read. */
  at: number;
  /** The last read's refusal code (`network_error` when nothing answered); null after a good read. */
  error: string | null;
  /** Reads the list now, whatever the tab's visibility (after a decision made on this page). */
  refresh: () => Promise<void>;
};

/**
 * A back-office list kept fresh by reading it again through its API when the back office's socket
 * says it changed (the event names the list, never its rows: the API asks the rights), and each time
 * the socket opens (what changed while it was down was never told). An answer is shown only if it is the newest
 * one asked for the current path and query: a read started before those (or the loader's data)
 * changed, or one overtaken by a later read, or answered after the page left, is dropped, since it
 * would bring back a list the staff member no longer looks at.
 */
export function useStaffPoll<T>({ path, query, initial, readAt }: StaffPollOptions<T>): StaffPoll<T> {
  const [state, setState] = useState(() => ({
    data: initial,
    at: readAt ?? Date.now(),
    error: null as string | null,
  }));
  // Reads are numbered as they start; an answer numbered at or below `floor` is not shown.
  const started = useRef(0);
  const floor = useRef(0);
  const queryKey = JSON.stringify(query ?? {});
  const queryRef = useRef(query);
  queryRef.current = query;

  useEffect(() => {
    setState((current) =>
      current.data === initial ? current : { data: initial, at: readAt ?? Date.now(), error: null },
    );
    return () => {
      floor.current = started.current;
    };
  }, [initial, readAt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is read through its ref; its key says when it changed.
  const refresh = useCallback(async () => {
    const read = ++started.current;
    try {
      const data = await adminRequest<T>(path, { query: queryRef.current });
      if (read <= floor.current) return;
      floor.current = read;
      setState({ data, at: Date.now(), error: null });
    } catch (e) {
      // The list keeps what it showed; the next round tries again.
      if (read <= floor.current) return;
      setState((current) => ({ ...current, error: e instanceof ApiError ? e.code : 'network_error' }));
    }
  }, [path, queryKey]);

  const firstRead = initial === null;
  useEffect(() => {
    if (firstRead) void refresh();
    return () => {
      floor.current = started.current;
    };
  }, [refresh, firstRead]);

  // A new query is a new read, not a new socket (the hook reads both functions through refs).
  const list = STAFF_LIST_OF_PATH[path];
  const { isLive } = useStaffChanges(
    (change) => change.list === list,
    () => void refresh(),
  );
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    const poll = () => {
      if (!isLive() && document.visibilityState === 'visible') void refreshRef.current();
    };
    const timer = setInterval(poll, STAFF_FALLBACK_POLL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [isLive]);

  return { ...state, refresh };
}
