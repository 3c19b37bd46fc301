import { LIMITS } from '../../../shared/limits.ts';

/** '99+' above the cap, nothing at zero. */
export function countBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(count);
}

/** The credits badge shows at 10 credits or fewer: warning above 0, danger at 0. */
export function creditsBadge(credits: number): { text: string; variant: 'warning' | 'danger' } | null {
  if (credits > LIMITS.lowCreditsBadge) return null;
  return { text: String(credits), variant: credits > 0 ? 'warning' : 'danger' };
}

/** The page title carries the unread messages plus new likes: "(3) Liefdesplein". */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\+?\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}
