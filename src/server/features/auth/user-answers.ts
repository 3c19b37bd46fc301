import type { User } from '../../../shared/contracts/auth.ts';
import { type EncodedBody, encodeBody } from '../../lib/encoded-body.ts';
import type { UnreadMessagesCache } from '../chat/chat.counts.ts';
import type { BalanceCache } from '../credits/credits.service.ts';
import type { NewLikesCache } from '../likes/likes.counts.ts';
import type { SettingsStore } from '../settings/settings.service.ts';
import type { ActiveSession } from './sessions.service.ts';
import { presentUser, timeBonusOf } from './users.presenter.ts';

/** The headers of GET user.php besides the API security headers. */
export const USER_ANSWER_HEADERS = Object.freeze({
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
  vary: 'accept-encoding',
});

type Facts = {
  fictionalIcon: string;
  credits: number;
  newLikes: number;
  unreadMessages: number;
  now: Date;
};

/** The member's own view of their session, as every account call answers it. */
function presentSession(session: ActiveSession, facts: Facts): User {
  return presentUser(session.user, session.profile, {
    csrfToken: session.csrfToken,
    mainPhoto: session.mainPhoto,
    fictionalIcon: facts.fictionalIcon,
    credits: facts.credits,
    newLikes: facts.newLikes,
    unreadMessages: facts.unreadMessages,
    now: facts.now,
  });
}

/**
 * GET user.php is polled by every open tab: its answer is kept with the cached session object, so
 * it is rebuilt only when the session cache reloads the member (any change to the account
 * invalidates it), the day changes (age), the fictional icon setting does, the new-likes count
 * (features/likes/likes.counts.ts), the unread-messages count (features/chat/chat.counts.ts), or the balance: that one
 * comes from the credits' own cache (credits_changed), because credits change far more often than
 * anything else of an account and must not reload the member's session on every instance.
 */
export function createUserAnswers(deps: {
  balances: BalanceCache;
  newLikes: NewLikesCache;
  unreadMessages: UnreadMessagesCache;
  settings: SettingsStore;
  now: () => Date;
}) {
  const answered = new WeakMap<ActiveSession, { key: string; body: EncodedBody }>();
  // While the member's time bonus runs, its seconds left change every second: the answer is kept
  // for the same second only (a new member's few tabs), and again for the day once it is over.
  const keyOf = (session: ActiveSession, facts: Facts) =>
    `${timeBonusOf(session.user, facts.now) ? facts.now.toISOString().slice(0, 19) : facts.now.toISOString().slice(0, 10)}|${facts.fictionalIcon}|${facts.credits}|${facts.newLikes}|${facts.unreadMessages}`;

  const factsOf = async (session: ActiveSession, domain: string): Promise<Facts> => {
    const [{ fictional_icon }, credits, newLikes, unreadMessages] = await Promise.all([
      deps.settings.getValues(domain),
      deps.balances.balanceOf(session.user.id),
      deps.newLikes.countOf(session.user.id),
      deps.unreadMessages.countOf(session.user.id),
    ]);
    return { fictionalIcon: fictional_icon, credits, newLikes, unreadMessages, now: deps.now() };
  };

  return {
    /** The member's view of a session on a domain, not kept: for answers to a change (login, language). */
    async present(session: ActiveSession, domain: string): Promise<User> {
      return presentSession(session, await factsOf(session, domain));
    },
    async body(session: ActiveSession, domain: string): Promise<EncodedBody> {
      const facts = await factsOf(session, domain);
      const key = keyOf(session, facts);
      const hit = answered.get(session);
      if (hit?.key === key) return hit.body;
      // Quality 4 as the compress plugin: a session's answer is rebuilt every few seconds.
      const body = encodeBody(JSON.stringify({ user: presentSession(session, facts) }), 4);
      answered.set(session, { key, body });
      return body;
    },
  };
}

export type UserAnswers = ReturnType<typeof createUserAnswers>;
