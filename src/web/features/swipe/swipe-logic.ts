import type { SwipeAction } from '../../../shared/contracts/swipe.ts';
import { filtersToParams, type SearchFilters } from '../members/search-filters.ts';

/**
 * The swipe game's decisions, free of React so they can be tested: when a drag becomes a like or a
 * pass, the countdown's text, the API addresses.
 */

/** A drag further than this share of the card's width (at least MIN_SWIPE_PX) decides. */
const SWIPE_SHARE = 0.3;
const MIN_SWIPE_PX = 80;
/** A flick: fast enough (px/ms) and far enough, in one direction. */
const FLICK_VELOCITY = 0.5;
const FLICK_MIN_PX = 40;

/**
 * What a released drag means: `dx` the horizontal movement, `vx` the release speed (px/ms, never
 * negative) and `direction` the sign of the last movement. null: the card springs back.
 */
export function swipeDecision(
  dx: number,
  vx: number,
  direction: number,
  cardWidth: number,
): SwipeAction | null {
  const threshold = Math.max(MIN_SWIPE_PX, cardWidth * SWIPE_SHARE);
  const flick =
    vx >= FLICK_VELOCITY && Math.abs(dx) >= FLICK_MIN_PX && Math.sign(direction) === Math.sign(dx);
  if (Math.abs(dx) < threshold && !flick) return null;
  return dx > 0 ? 'like' : 'pass';
}

/** How visible the like or pass stamp is while the card is dragged: 0 at rest, 1 at the threshold. */
export function stampOpacity(dx: number, cardWidth: number): number {
  return Math.min(1, Math.abs(dx) / Math.max(MIN_SWIPE_PX, cardWidth * SWIPE_SHARE));
}

/** The slight turn of a dragged card, in degrees (none when the member asked for reduced motion). */
export function dragRotation(dx: number, reducedMotion: boolean): number {
  return reducedMotion ? 0 : Math.max(-15, Math.min(15, dx / 20));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss until `until`; 00:00:00 once it has passed. */
export function formatCountdown(until: Date, now: Date): string {
  const seconds = Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * When the likes come back, as a time of day in the member's language and zone (the answer's
 * time_zone): the server renders it in that zone too, so the page reads the same before and after
 * hydration, whatever zone the server itself runs in.
 */
export function formatResetTime(resetsAt: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(resetsAt),
  );
}

/** GET and POST /api/swipe.php with the search's filters (and for GET the browser's zone). */
export function swipeApiUrl(filters: SearchFilters, timeZone?: string): string {
  const params = filtersToParams(filters);
  if (timeZone) params.set('time_zone', timeZone);
  const query = params.toString();
  return `/api/swipe.php${query ? `?${query}` : ''}`;
}

/** A key press that should not be read as a swipe: typing, a shortcut, or while a dialog is open. */
export function ignoresArrowKeys(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target' | 'defaultPrevented'>,
  doc: Document,
): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return true;
  const target = event.target as HTMLElement | null;
  const tag = target?.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return true;
  return doc.querySelector('dialog[open]') !== null;
}
