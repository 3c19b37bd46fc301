import { Link, useMatches } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { LanguageMenu } from '../i18n/language-menu.tsx';
import { Logo } from './logo.tsx';

export type RouteHandle = { hideLanguageMenu?: boolean; middleware?: string[] };

export function TopNav({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const hideLanguageMenu = matches.some((m) => (m.handle as RouteHandle | undefined)?.hideLanguageMenu);
  return (
    <header className="site-header">
      <nav className="navbar container" aria-label={t('nav.main')}>
        <Logo name={siteName} />
        <div className="d-flex align-items-center gap-2">
          {!hideLanguageMenu && <LanguageMenu />}
          <Link to="/login" className="btn btn-primary btn-sm px-3">
            {t('nav.login')}
          </Link>
        </div>
      </nav>
    </header>
  );
}
