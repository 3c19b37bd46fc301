import { Link } from 'react-router';
import { signupLinks } from '../features/signup/signup-styles.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/activate-done';

export const links: Route.LinksFunction = signupLinks;

/** `?already=1`: the link was used before (opened in advance by a mail client, or clicked twice). */
const alreadyConfirmed = (url: string) => new URL(url).searchParams.has('already');

export async function loader({ context, request }: Route.LoaderArgs) {
  const already = alreadyConfirmed(request.url);
  return { already, title: context.t(already ? 'activation.already_title' : 'activation.done_title') };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

/** Where the activation link lands after a successful confirmation, or when it had been used already. */
export default function ActivateDone({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user;
  const name = user?.profile.name;
  return (
    <main id="main" className="container activation-page">
      <div className="activation-card">
        <div className="activation-icon activation-icon-ok" aria-hidden="true">
          ✓
        </div>
        <h1 className="activation-title">
          {t(loaderData.already ? 'activation.already_title' : 'activation.done_title')}
        </h1>
        {loaderData.already ? (
          <>
            <p className="lead">{t('activation.already_text')}</p>
            {/* On to where the member goes next: the members when logged in, the login otherwise. */}
            <Link to={user ? '/members' : '/login'} className="btn btn-primary btn-lg">
              {t(user ? 'activation.to_members' : 'activation.to_login')}
            </Link>
          </>
        ) : (
          <>
            <p className="lead">
              {name ? t('activation.done_text_name', { name }) : t('activation.done_text')}
            </p>
            <p>{t('activation.done_next', { site_name: root?.settings.name ?? '' })}</p>
            <Link to="/members" className="btn btn-primary btn-lg">
              {t('activation.done_cta')}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
