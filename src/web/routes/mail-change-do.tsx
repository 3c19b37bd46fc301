import { Link } from 'react-router';
import { TokenPage } from '../features/account/token-page.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/mail-change-do';

export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('account'), title: context.t('mail_change.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function MailChangeDo() {
  const { t } = useTranslation();
  return (
    <TokenPage
      title={t('mail_change.title')}
      url="/api/mail-change-do.php"
      failure={<Link to="/settings">{t('mail_change.request_new')}</Link>}
      success={
        <div className="alert alert-success" role="status">
          {t('mail_change.done')} <Link to="/settings">{t('member_nav.settings')}</Link>
        </div>
      }
    />
  );
}

export default withPageTexts(MailChangeDo);
