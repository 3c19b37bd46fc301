import type { User } from '../../../shared/contracts/auth.ts';
import { type EncodedBody, encodeBody } from '../../lib/encoded-body.ts';
import type { SettingsStore } from '../settings/settings.service.ts';
import type { ActiveSession } from './sessions.service.ts';
import { presentUser } from './users.presenter.ts';

/** The headers of GET user.php besides the API security headers. */
export const USER_ANSWER_HEADERS = Object.freeze({
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
  vary: 'accept-encoding',
});

/** The member's own view of their session, as every account call answers it. */
function presentSession(session: ActiveSession, fictionalIcon: string, now: Date): User {
  return presentUser(session.user, session.profile, {
    csrfToken: session.csrfToken,
    mainPhoto: session.mainPhoto,
    fictionalIcon,
    now,
  });
}

/**
 * GET user.php is polled by every open tab: its answer is kept with the cached session object, so
 * it is rebuilt only when the session cache reloads the member (any change to the account
 * invalidates it), the day changes (age) or the fictional icon setting does.
 */
export function createUserAnswers(deps: { settings: SettingsStore; now: () => Date }) {
  const answered = new WeakMap<ActiveSession, { key: string; body: EncodedBody }>();
  const keyOf = (fictionalIcon: string, now: Date) => `${now.toISOString().slice(0, 10)}|${fictionalIcon}`;

  const build = (session: ActiveSession, fictionalIcon: string, now: Date) => {
    // Quality 4 as the compress plugin: a session's answer is rebuilt every few seconds.
    const body = encodeBody(JSON.stringify({ user: presentSession(session, fictionalIcon, now) }), 4);
    answered.set(session, { key: keyOf(fictionalIcon, now), body });
    return body;
  };

  return {
    /** The member's view of a session on a domain, not kept: for answers to a change (login, language). */
    async present(session: ActiveSession, domain: string): Promise<User> {
      const { fictional_icon } = await deps.settings.getValues(domain);
      return presentSession(session, fictional_icon, deps.now());
    },
    async body(session: ActiveSession, domain: string): Promise<EncodedBody> {
      const { fictional_icon } = await deps.settings.getValues(domain);
      const now = deps.now();
      const hit = answered.get(session);
      return hit?.key === keyOf(fictional_icon, now) ? hit.body : build(session, fictional_icon, now);
    },
  };
}

export type UserAnswers = ReturnType<typeof createUserAnswers>;
