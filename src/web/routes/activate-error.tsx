import { Link } from 'react-router';
import { ResendActivationOutcome, useResendActivation } from '../features/signup/resend-activation.tsx';
import { signupLinks } from '../features/signup/signup-styles.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/activate-error';

export const links: Route.LinksFunction = signupLinks;

export async function loader({ context }: Route.LoaderArgs) {
  return { title: context.t('activation.failed_title') };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

/** Where an expired, used or mangled activation link lands. */
export default function ActivateError() {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user;
  const resendState = useResendActivation(user?.csrf_token);
  const supportEmail = root?.settings.support_email ?? '';
  return (
    <main id="main" className="container activation-page">
      <div className="activation-card">
        <div className="activation-icon activation-icon-error" aria-hidden="true">
          !
        </div>
        <h1 className="activation-title">{t('activation.failed_title')}</h1>
        <p className="lead">{t('activation.failed_text')}</p>
        {supportEmail && (
          <p>
            {t('activation.support')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
        )}
        {/* A logged-in member who has not confirmed yet can simply get a fresh link. */}
        {user && !user.email_confirmed && (
          <div className="activation-resend">
            <ResendActivationOutcome
              {...resendState}
              texts={{
                resend: t('activation.resend'),
                resending: t('activation.resend'),
                resent: t('activation.resent', { email: user.email }),
              }}
              look={{ button: 'btn btn-primary', done: 'signup-ok', error: 'signup-error-text small' }}
            />
          </div>
        )}
        <Link to={user ? '/members' : '/'} className="btn btn-outline-primary">
          {user ? t('activation.to_members') : t('errors.back_home')}
        </Link>
      </div>
    </main>
  );
}
