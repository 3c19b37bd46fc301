import { redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isSignupFlowActive } from '../features/signup/signup-flow.ts';
import { signupLinks } from '../features/signup/signup-styles.tsx';
import { SignupWizard } from '../features/signup/signup-wizard.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/signup';

export const links: Route.LinksFunction = signupLinks;

export async function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect('/members');
  return { texts: context.pageTexts('signup'), title: context.t('signup.page_title') };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

/** Right after sign-up the member is logged in; the loader's redirect must not cut off the last steps. */
export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isSignupFlowActive() ? false : defaultShouldRevalidate;
}

/** The full sign-up page: what phones get, and what any link to /signup shows without JavaScript. */
function Signup() {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  return (
    <main id="main" className="signup-page">
      <div className="container signup-page-inner">
        <header className="signup-page-header">
          <h1 className="signup-page-title">{t('signup.page_title')}</h1>
          <p className="signup-page-intro">{t('signup.intro', { site_name: settings.name })}</p>
        </header>
        <noscript>
          <div className="alert alert-warning">{t('signup.no_js')}</div>
        </noscript>
        <div className="signup-card">
          <SignupWizard settings={settings} variant="page" />
        </div>
      </div>
    </main>
  );
}

export default withPageTexts(Signup);
