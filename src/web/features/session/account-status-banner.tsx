import { Link } from 'react-router';
import type { User } from '../../../shared/contracts/auth.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { ResendActivationOutcome, useResendActivation } from '../signup/resend-activation.tsx';
import { useMember } from './member-session.tsx';

/** "Send again" for the activation mail, and what came of it. */
export function ResendActivationButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const resendState = useResendActivation(user.csrf_token);
  return (
    <ResendActivationOutcome
      {...resendState}
      texts={{
        resend: t('banners.confirm_resend'),
        resending: t('banners.confirm_resending'),
        resent: t('banners.confirm_resent'),
      }}
      look={{
        inline: true,
        button: 'btn btn-link account-banner-action',
        done: 'account-banner-done',
        error: 'account-banner-error',
      }}
    />
  );
}

/**
 * What the member must know on every page until it changes: that the address is not confirmed yet
 * (nobody can answer them until it is; with "send again"), or that they are invisible. Read from the
 * live session: it goes when the address is confirmed or the switch is off, without a reload.
 */
export function AccountStatusBanner() {
  const { t } = useTranslation();
  const user = useMember();
  if (!user) return null;
  if (!user.email_confirmed)
    return (
      <div className="alert alert-warning rounded-0 mb-0 py-2 account-banner">
        <span>{t('banners.confirm_email')}</span> <ResendActivationButton user={user} />
      </div>
    );
  if (user.invisible)
    return (
      <div className="alert alert-info rounded-0 mb-0 py-2 account-banner">
        <span>{t('banners.invisible')}</span> <Link to="/settings">{t('banners.invisible_settings')}</Link>
      </div>
    );
  return null;
}
