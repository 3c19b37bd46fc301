/** The tabs of /likes/{type}: their slugs in the URL, in the order they show. /likes is the first. */
export const LIKES_TABS = ['received', 'given', 'matches'] as const;
export type LikesTab = (typeof LIKES_TABS)[number];

/** The tab of a URL's type; undefined for a type that does not exist (a 404). */
export function likesTabOf(type: string | undefined): LikesTab | undefined {
  if (type === undefined) return 'received';
  return (LIKES_TABS as readonly string[]).includes(type) ? (type as LikesTab) : undefined;
}

export const likesTabPath = (tab: LikesTab) => (tab === 'received' ? '/likes' : `/likes/${tab}`);
