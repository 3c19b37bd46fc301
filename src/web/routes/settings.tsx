import { Link } from 'react-router';
import { DeleteAccountSection } from '../features/account/delete-account-section.tsx';
import { LanguageSection } from '../features/account/language-section.tsx';
import { MailChangeSection } from '../features/account/mail-change-section.tsx';
import { MainPhotoSection } from '../features/account/main-photo-section.tsx';
import { PasswordSection } from '../features/account/password-section.tsx';
import { SpendingLimitSection } from '../features/credits/spending-limit-section.tsx';
import { BlockedMembersSection } from '../features/privacy/blocked-members-section.tsx';
import { InvisibleSection } from '../features/privacy/invisible-section.tsx';
import { useSession } from '../features/session/member-session.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/settings';
import '../styles/settings.scss';

// The member layout's middleware keeps visitors out.
export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('account'), title: context.t('account.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function Settings() {
  const { t } = useTranslation();
  const root = useRootData();
  // The session's member is the freshest copy (refreshed every minute); the company comes from the root.
  const { user } = useSession();
  if (!root || !user) return null;
  const unfinished = user.signup_missing.length > 0;
  return (
    <main id="main" className="container narrow-page">
      <h1>{t('account.title')}</h1>
      {unfinished ? (
        // An advertising entry's member: password, e-mail and photo wait for /complete-signup.
        <div className="alert alert-info">
          <p>{t('account.finish_signup')}</p>
          <Link className="btn btn-primary" to="/complete-signup">
            {t('account.finish_signup_link')}
          </Link>
        </div>
      ) : (
        <>
          <PasswordSection />
          <MailChangeSection current={user.email} />
          <MainPhotoSection />
        </>
      )}
      <InvisibleSection />
      <SpendingLimitSection />
      <BlockedMembersSection />
      <LanguageSection />
      <DeleteAccountSection askPassword={!user.signup_missing.includes('password')} />
    </main>
  );
}

export default withPageTexts(Settings);
