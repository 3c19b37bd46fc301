import type { User } from '../../../shared/contracts/auth.ts';
import { defineState, type Feature, type UserAnswerCounts } from '../../feature.ts';
import { type EncodedBody, encodeBody } from '../../lib/encoded-body.ts';
import type { AppServices } from '../../services.ts';
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
  /** The features' counts (their definitions' `userAnswer`), and their text for the answer's key. */
  counts: UserAnswerCounts;
  countsKey: string;
  now: Date;
};

/** The member's own view of their session, as every account call answers it. */
function presentSession(session: ActiveSession, facts: Facts): User {
  return presentUser(session.user, session.profile, {
    csrfToken: session.csrfToken,
    mainPhoto: session.mainPhoto,
    fictionalIcon: facts.fictionalIcon,
    ...facts.counts,
    now: facts.now,
  });
}

/**
 * GET user.php is polled by every open tab: its answer is kept with the cached session object, so
 * it is rebuilt only when the session cache reloads the member (any change to the account
 * invalidates it), the day changes (age), the fictional icon setting does, or one of the counts the
 * features contribute (their definitions' `userAnswer`: the balance, the new likes, the unread
 * messages). Those come from each feature's own cache, dropped by its own events, because they change
 * far more often than anything else of an account and must not reload the member's session on
 * every instance.
 */
function createUserAnswers(services: AppServices, features: readonly Feature[]) {
  const parts = features.flatMap(({ userAnswer }) =>
    userAnswer ? [(userId: number) => userAnswer(services, userId)] : [],
  );
  const answered = new WeakMap<ActiveSession, { key: string; body: EncodedBody }>();
  // While the member's time bonus runs, its seconds left change every second: the answer is kept
  // for the same second only (a new member's few tabs), and again for the day once it is over.
  const keyOf = (session: ActiveSession, facts: Facts) =>
    `${timeBonusOf(session.user, facts.now) ? facts.now.toISOString().slice(0, 19) : facts.now.toISOString().slice(0, 10)}|${facts.fictionalIcon}|${facts.countsKey}`;

  const factsOf = async (session: ActiveSession, domain: string): Promise<Facts> => {
    const [{ fictional_icon }, ...counted] = await Promise.all([
      services.settings.getValues(domain),
      ...parts.map((part) => part(session.user.id)),
    ]);
    // Each feature gives its own fields: together they are the whole of UserAnswerCounts.
    const counts = Object.assign({}, ...counted) as UserAnswerCounts;
    return {
      fictionalIcon: fictional_icon,
      counts,
      countsKey: JSON.stringify(counted),
      now: services.now(),
    };
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

/** The user answers of this app, made from the features' `userAnswer` parts. */
export const userAnswersState = defineState('auth.user-answers', createUserAnswers);
