import type { SwipeState } from '../../../shared/contracts/swipe.ts';
import { presentMemberCard } from '../members/members.presenter.ts';
import type { SwipeGame } from './swipe.service.ts';

/** The card through the members presenter: the fields the site shows, a locked photo only blurred. */
export function presentSwipeGame(game: SwipeGame, now: Date): SwipeState {
  return {
    card: game.card ? presentMemberCard(game.card, now, { visibleFields: game.visibleFields }) : null,
    likes_left: game.likesLeft,
    resets_at: game.resetsAt.toISOString(),
    time_zone: game.timeZone,
    can_undo: game.canUndo,
  };
}
