import { redirect, useSearchParams } from 'react-router';
import { useMember } from '../features/session/member-session.tsx';
import { CompleteSignupForm } from '../features/signup/complete-signup-form.tsx';
import { signupLinks } from '../features/signup/signup-styles.tsx';
import type { RouteHandle } from '../features/site/top-nav.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../lib/root-data.ts';
import { guards } from '../lib/route-middleware.ts';
import { sitePath } from '../lib/site-path.ts';
import type { Route } from './+types/complete-signup';

export const links: Route.LinksFunction = signupLinks;

export const middleware = guards('auth');

/**
 * Where the finished member goes: `?next=` (an entry page sends its member's conversation, where
 * the free messages wait), else the members page.
 */
const nextOf = (params: URLSearchParams) => sitePath(params.get('next'), '/members');

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.user?.signup_missing.length === 0) throw redirect(nextOf(new URL(request.url).searchParams));
  return { texts: context.pageTexts('signup'), title: context.t('signup.complete.page_title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

// Spec: no language dropdown here; the member's language was set when they arrived.
export const handle: RouteHandle = { hideLanguageMenu: true };

/** Finishing a sign-up that began on an advertising entry (see CompleteSignupForm). */
function CompleteSignup() {
  const { t } = useTranslation();
  const root = useRootData();
  const member = useMember();
  const [params] = useSearchParams();
  if (!root || !member) return null;
  return (
    <main id="main" className="signup-page">
      <div className="container signup-page-inner">
        <header className="signup-page-header">
          <h1 className="signup-page-title">{t('signup.complete.page_title')}</h1>
          <p className="signup-page-intro">{t('signup.complete.intro')}</p>
        </header>
        <div className="signup-card complete-signup-card">
          <p className="complete-signup-account">
            {t('signup.complete.signed_up_as', { email: member.email })}
          </p>
          <CompleteSignupForm user={member} settings={root.settings} next={nextOf(params)} />
        </div>
      </div>
    </main>
  );
}

export default withPageTexts(CompleteSignup);
