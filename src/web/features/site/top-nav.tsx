import { Link, useMatches, useNavigate, useRevalidator } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { getJson } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { LanguageMenu } from '../i18n/language-menu.tsx';
import { countBadge, creditsBadge } from '../session/member-badges.ts';
import { useMember } from '../session/member-session.tsx';
import { Logo } from './logo.tsx';

export type RouteHandle = { hideLanguageMenu?: boolean; middleware?: string[] };

function Badge({
  text,
  variant = 'danger',
  label,
}: {
  text: string | null;
  variant?: 'danger' | 'warning';
  label: string;
}) {
  if (!text) return null;
  return (
    <span className={`nav-badge nav-badge-${variant}`}>
      {text}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

export function TopNav({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const member = useMember();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const hideLanguageMenu = matches.some((m) => (m.handle as RouteHandle | undefined)?.hideLanguageMenu);

  const logout = async () => {
    await getJson('/api/logout.php').catch(() => {});
    await revalidator.revalidate();
    navigate('/');
  };

  if (!member) {
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
  const credits = creditsBadge(member.credits);
  return (
    <header className="site-header">
      <nav className="navbar container" aria-label={t('nav.main')}>
        <Logo name={siteName} to="/members" />
        <ul className="member-menu">
          <li>
            <Link to="/members" className="member-menu-link">
              <span aria-hidden="true">⌕</span>{' '}
              <span className="member-menu-label">{t('member_nav.search')}</span>
            </Link>
          </li>
          <li>
            <Link to="/chats" className="member-menu-link">
              <span aria-hidden="true">✉</span>{' '}
              <span className="member-menu-label">{t('member_nav.messages')}</span>
              <Badge text={countBadge(member.unread_messages)} label={t('member_nav.unread')} />
            </Link>
          </li>
          <li>
            <Link to="/likes" className="member-menu-link">
              <span aria-hidden="true">♥</span>{' '}
              <span className="member-menu-label">{t('member_nav.likes')}</span>
              <Badge text={countBadge(member.new_likes)} label={t('member_nav.new_likes')} />
            </Link>
          </li>
          <li>
            {member.paid_user ? (
              <Link to="/credits" className="member-menu-link">
                <span aria-hidden="true">◎</span>{' '}
                <span className="member-menu-label">{t('member_nav.credits')}</span>
                <Badge
                  text={credits?.text ?? null}
                  variant={credits?.variant}
                  label={t('member_nav.credits_left')}
                />
              </Link>
            ) : (
              <Link to="/premium" className="member-menu-link member-menu-premium">
                <span aria-hidden="true">★</span>{' '}
                <span className="member-menu-label">{t('member_nav.premium')}</span>
              </Link>
            )}
          </li>
        </ul>
        <div className="d-flex align-items-center gap-2">
          {!hideLanguageMenu && <LanguageMenu />}
          <Dropdown
            label={<span className="member-name">{member.profile.name}</span>}
            ariaLabel={t('member_nav.account')}
            buttonClassName="btn btn-sm btn-outline-secondary"
          >
            {(close) => (
              <>
                <li>
                  <Link className="dropdown-item" to="/profile" onClick={close}>
                    {t('member_nav.profile')}
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/settings" onClick={close}>
                    {t('member_nav.settings')}
                  </Link>
                </li>
                <li>
                  <button type="button" className="dropdown-item" onClick={() => void logout()}>
                    {t('member_nav.logout')}
                  </button>
                </li>
              </>
            )}
          </Dropdown>
        </div>
      </nav>
    </header>
  );
}
