import { Form, Link } from 'react-router';
import type { DisabledReason } from '../../../shared/contracts/notifications.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * Why no mail reaches the member (spec §3's reasons) and what they can do: a bounced address is
 * checked (and changed) in the settings, and any reason ends when the member switches mail back on.
 * The switch is a form post, so it works without JavaScript.
 */
export function DisabledNotificationsAlert({ reasons }: { reasons: readonly DisabledReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <div className="alert alert-warning disabled-notifications-alert" role="alert">
      <h2 className="h5">{t('disabled.title')}</h2>
      {reasons.map((reason) => (
        <p key={reason}>{t(`disabled.${reason}`)}</p>
      ))}
      <Form method="post" action="/notifications" className="d-flex flex-wrap gap-2">
        <button type="submit" name="intent" value="enable_email" className="btn btn-warning">
          {t('disabled.enable')}
        </button>
        {reasons.includes('bounce') ? (
          <Link to="/settings" className="btn btn-outline-secondary">
            {t('disabled.check_address')}
          </Link>
        ) : null}
      </Form>
    </div>
  );
}
