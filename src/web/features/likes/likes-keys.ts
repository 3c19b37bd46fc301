/** The likes query's key, apart from the query itself: pages without TanStack Query name it too. */
export const LIKES_QUERY_KEY = ['likes'] as const;
