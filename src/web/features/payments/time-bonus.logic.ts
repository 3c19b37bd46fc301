import type { User } from '../../../shared/contracts/auth.ts';

/**
 * The members area (spec §2): members, a member's profile, chats, likes, a liked profile, premium,
 * by their route ids (routes.ts). The time-bonus banner and modal show only there.
 */
const MEMBERS_AREA_ROUTES: ReadonlySet<string> = new Set([
  'routes/members',
  'member',
  'likes-member',
  'likes',
  'likes-type',
  'chats',
  'chat',
  'member-chat',
  'routes/premium',
]);

export const inMembersArea = (routeIds: readonly string[]) =>
  routeIds.some((id) => MEMBERS_AREA_ROUTES.has(id));

/** hh:mm:ss, two digits each (spec §4), of whole seconds left. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * Whether the time-bonus modal may open (spec §2): a logged-in member whose bonus runs, with 0
 * credits, who has not dismissed it (the dismissal is stored with the account).
 */
export const modalAllowed = (user: User | null): boolean =>
  Boolean(user?.time_bonus && user.credits === 0 && !user.dismissals.time_bonus_modal);
