import { useCallback } from 'react';
import { Link, useRevalidator } from 'react-router';
import { TokenPage } from '../features/account/token-page.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/reactivate';

export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('account'), title: context.t('reactivate.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function Reactivate() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const onDone = useCallback(async () => {
    await revalidator.revalidate();
  }, [revalidator]);
  return (
    <TokenPage
      title={t('reactivate.title')}
      url="/api/reactivate.php"
      onDone={onDone}
      failure={<Link to="/login">{t('reactivate.request_new')}</Link>}
      success={
        <div className="alert alert-success" role="status">
          {t('reactivate.done')} <Link to="/members">{t('reactivate.to_members')}</Link>
        </div>
      }
    />
  );
}

export default withPageTexts(Reactivate);
