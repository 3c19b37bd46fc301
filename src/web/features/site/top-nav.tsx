import { Link, NavLink, useMatches } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { LanguageMenu } from '../i18n/language-menu.tsx';
import { countBadge, creditsBadge } from '../session/member-badges.ts';
import { useSession } from '../session/member-session.tsx';
import { Logo } from './logo.tsx';
import { CreditsIcon, LikesIcon, MessagesIcon, PremiumIcon, SearchIcon } from './nav-icons.tsx';

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

/**
 * A menu entry's words: the whole label on wider screens, a short one in the phone's tab bar,
 * where a quarter of 320–375 px holds about ten letters and most locales' full labels were cut
 * off. Only one of the two is displayed, so a screen reader reads one.
 */
function MenuLabel({ full, short }: { full: string; short: string }) {
  return (
    <span className="member-menu-label">
      <span className="member-menu-short">{short}</span>
      <span className="member-menu-full">{full}</span>
    </span>
  );
}

export function TopNav({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const { user: member, logout } = useSession();
  const hideLanguageMenu = matches.some((m) => (m.handle as RouteHandle | undefined)?.hideLanguageMenu);

  if (!member) {
    return (
      <header className="site-header">
        <nav className="navbar container" aria-label={t('nav.main')}>
          <Logo name={siteName} />
          <div className="navbar-controls d-flex align-items-center gap-2">
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
            <NavLink to="/members" className="member-menu-link">
              <SearchIcon />
              <MenuLabel full={t('member_nav.search')} short={t('member_nav.search_short')} />
            </NavLink>
          </li>
          <li>
            <NavLink to="/chats" className="member-menu-link">
              <MessagesIcon />
              <MenuLabel full={t('member_nav.messages')} short={t('member_nav.messages_short')} />
              <Badge text={countBadge(member.unread_messages)} label={t('member_nav.unread')} />
            </NavLink>
          </li>
          <li>
            <NavLink to="/likes" className="member-menu-link">
              <LikesIcon />
              <span className="member-menu-label">{t('member_nav.likes')}</span>
              <Badge text={countBadge(member.new_likes)} label={t('member_nav.new_likes')} />
            </NavLink>
          </li>
          <li>
            {member.paid_user ? (
              <NavLink to="/credits" className="member-menu-link">
                <CreditsIcon />
                <span className="member-menu-label">{t('member_nav.credits')}</span>
                <Badge
                  text={credits?.text ?? null}
                  variant={credits?.variant}
                  label={t('member_nav.credits_left')}
                />
              </NavLink>
            ) : (
              <NavLink to="/premium" className="member-menu-link member-menu-premium">
                <PremiumIcon />
                <MenuLabel full={t('member_nav.premium')} short={t('member_nav.premium_short')} />
              </NavLink>
            )}
          </li>
        </ul>
        <div className="navbar-controls d-flex align-items-center gap-2">
          {!hideLanguageMenu && <LanguageMenu />}
          <Dropdown
            // An advertising entry's member has no name until /complete-signup.
            label={<span className="member-name">{member.profile.name || t('member_nav.account')}</span>}
            hiddenLabel={member.profile.name ? t('member_nav.account') : undefined}
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
                  <Link className="dropdown-item" to="/transactions" onClick={close}>
                    {t('member_nav.transactions')}
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
