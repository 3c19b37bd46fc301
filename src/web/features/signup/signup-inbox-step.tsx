import { Link } from 'react-router';
import type { User } from '../../../shared/contracts/auth.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { ResendActivationLink, useResendActivation } from './resend-activation.tsx';

/** The last step: the address the mail went to, a resend button and the way into the site. */
export function SignupInboxStep({ user, matchesHref }: { user: User; matchesHref: string }) {
  const { t } = useTranslation();
  const { state, resend } = useResendActivation(user.csrf_token);
  return (
    <div className="signup-final">
      <div className="signup-final-icon" aria-hidden="true">
        ✉
      </div>
      <p className="lead">{t('signup.inbox.welcome', { name: user.profile.name })}</p>
      <p>{t('signup.inbox.text_before')}</p>
      <p className="signup-inbox-email">{user.email}</p>
      <p className="text-body-secondary small">{t('signup.inbox.why')}</p>
      <div className="signup-final-actions">
        <Link to="/members" className="btn btn-primary btn-lg">
          {t('signup.inbox.to_members')}
        </Link>
        <Link to={matchesHref} className="btn btn-outline-primary">
          {t('signup.inbox.see_matches')}
        </Link>
      </div>
      <div className="signup-resend">
        <p className="small text-body-secondary mb-0">{t('signup.inbox.spam_hint')}</p>
        <ResendActivationLink state={state} resend={resend} buttonClassName="btn btn-link" />
      </div>
    </div>
  );
}
