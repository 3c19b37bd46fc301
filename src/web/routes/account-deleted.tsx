import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/account-deleted';

export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('account'), title: context.t('account.deleted_title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function AccountDeleted() {
  const { t } = useTranslation();
  return (
    <main id="main" className="container narrow-page text-center">
      <h1>{t('account.deleted_title')}</h1>
      <p className="lead">{t('account.deleted_text', { days: 14 })}</p>
      <Link to="/" className="btn btn-primary mt-3">
        {t('errors.back_home')}
      </Link>
    </main>
  );
}

export default withPageTexts(AccountDeleted);
