import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useRootData } from '../root.tsx';
import type { Route } from './+types/activate-done';

export async function loader({ context }: Route.LoaderArgs) {
  return { title: context.t('activation.done_title') };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

/** Where the activation link lands after a successful confirmation. */
export default function ActivateDone() {
  const { t } = useTranslation();
  const root = useRootData();
  const name = root?.user?.profile.name;
  return (
    <main id="main" className="container activation-page">
      <div className="activation-card">
        <div className="activation-icon activation-icon-ok" aria-hidden="true">
          ✓
        </div>
        <h1 className="activation-title">{t('activation.done_title')}</h1>
        <p className="lead">{name ? t('activation.done_text_name', { name }) : t('activation.done_text')}</p>
        <p>{t('activation.done_next', { site_name: root?.settings.name ?? '' })}</p>
        <Link to="/members" className="btn btn-primary btn-lg">
          {t('activation.done_cta')}
        </Link>
      </div>
    </main>
  );
}
