import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/**
 * The push prompt after the account exists. Only the browser's permission is asked here; the
 * subscription itself is stored by the push feature once the member is in the members area.
 */
export function SignupPushStep({ siteName, onDone }: { siteName: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [asking, setAsking] = useState(false);
  const enable = async () => {
    setAsking(true);
    try {
      // Older Safari answers through a callback and returns undefined; the property is the truth.
      await Notification.requestPermission();
    } catch {
      // A blocked prompt is the same as a refusal.
    }
    setAsking(false);
    setPermission(currentPermission());
  };
  return (
    <div className="signup-final">
      <div className="signup-final-icon" aria-hidden="true">
        {/* Drawn, not an emoji: not every system font has a bell. */}
        <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
      </div>
      <p className="lead">{t('signup.push.text', { site_name: siteName })}</p>
      {permission === 'default' && (
        <div className="signup-final-actions">
          <button type="button" className="btn btn-primary btn-lg" disabled={asking} onClick={enable}>
            {t('signup.push.enable')}
          </button>
          <button type="button" className="btn btn-link" onClick={onDone}>
            {t('signup.push.skip')}
          </button>
        </div>
      )}
      {permission !== 'default' && (
        <>
          <p className={permission === 'granted' ? 'signup-ok' : 'text-body-secondary'} role="status">
            {t(`signup.push.${permission}`)}
          </p>
          <div className="signup-final-actions">
            <button type="button" className="btn btn-primary btn-lg" onClick={onDone}>
              {t('signup.next')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
