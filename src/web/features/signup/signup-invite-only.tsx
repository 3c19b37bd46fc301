import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';

/** Shown instead of the form when sign-up is closed for this visitor (signups mode, traffic source). */
export function SignupInviteOnly() {
  const { t } = useTranslation();
  return (
    <div className="signup-final">
      <div className="signup-final-icon" aria-hidden="true">
        ♥
      </div>
      <p className="lead">{t('validation.signups_closed')}</p>
      <p>{t('signup.invite_only.text')}</p>
      <div className="signup-final-actions">
        <Link to="/login" className="btn btn-primary btn-lg">
          {t('signup.invite_only.login')}
        </Link>
      </div>
    </div>
  );
}
