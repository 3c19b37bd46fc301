import { useId, useState } from 'react';
import { useMatches } from 'react-router';
import { dismissForAccount } from '../../lib/dismissals.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useSession } from '../session/member-session.tsx';
import { browserPushEnvironment, enablePush, usePushState } from './push-state.ts';

/**
 * A route's handle says when the invitation must not float over its page: /notifications, which has
 * the switch, and pages whose own controls sit at the bottom of the screen (the swipe game's
 * buttons, the profile's save bar and its confirmations).
 */
export type PushAlertHandle = { noPushAlert?: boolean };

/**
 * Asks a member whose browser can push, and who has neither allowed nor refused it, to switch push
 * on. Dismissing stores a timestamp with the account ('enable_push'): it never shows again. Whether
 * the browser can push is known only in the browser, so it floats at the bottom of the screen
 * instead of pushing the page down after it was drawn, above the page; not on a page whose route
 * says no (PushAlertHandle).
 */
export function EnablePushAlert() {
  const { t } = useTranslation();
  const { user, refresh, setPushSubscribed } = useSession();
  const publicKey = useRootData()?.settings.push_public_key ?? '';
  const push = usePushState();
  const declined = useMatches().some((m) => (m.handle as PushAlertHandle | undefined)?.noPushAlert);
  const titleId = useId();
  const [closed, setClosed] = useState(false);
  const permission = typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
  if (
    !user ||
    closed ||
    user.dismissals.enable_push ||
    !push.isCapable ||
    push.isSubscribed !== false ||
    permission !== 'default' ||
    declined
  )
    return null;
  const close = () => {
    setClosed(true);
    dismissForAccount('enable_push', refresh);
  };
  const enable = async () => {
    setClosed(true);
    try {
      const next = await enablePush(browserPushEnvironment(), publicKey);
      setPushSubscribed(typeof next.isSubscribed === 'object');
    } catch {
      // The switch on /notifications says what went wrong, if the member tries again there.
    }
  };
  return (
    <section
      className="alert alert-info alert-dismissible shadow enable-push-alert position-fixed bottom-0 start-50 translate-middle-x mb-3"
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="alert-heading h6">
        {t('enable_push.title')}
      </h2>
      <p className="small mb-2">{t('enable_push.text')}</p>
      <button type="button" className="btn btn-primary btn-sm" onClick={enable}>
        {t('enable_push.action')}
      </button>
      <button type="button" className="btn-close" aria-label={t('enable_push.dismiss')} onClick={close} />
    </section>
  );
}
