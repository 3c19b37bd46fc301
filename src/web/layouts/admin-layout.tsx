import { Link, type MiddlewareFunction, Outlet, redirect, useLocation } from 'react-router';
import type { StaffMe } from '../../shared/contracts/staff.ts';
import { adminRequest } from '../features/admin/admin-api.ts';
import { currentSection, sectionLinks } from '../features/admin/admin-sections.ts';
import { StaffMeProvider } from '../features/admin/staff-me.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import { revalidateOnSubmitOrReload, useRootData } from '../lib/root-data.ts';
import { stylesheetLinks } from '../lib/stylesheets.ts';
import adminStyles from '../styles/admin.scss?url';
import type { Route } from './+types/admin-layout';

export const links = stylesheetLinks(adminStyles);

export const ADMIN_LOGIN_PATH = '/admin/login';

/**
 * Staff only (docs/decisions/0043): without a complete staff session (password and code) every
 * page but the login goes to the login, which brings the person back afterwards. Runs before any
 * loader of the back office's pages. The member's session opens nothing here.
 */
export const middleware: MiddlewareFunction<Response>[] = [
  async ({ request, context }) => {
    const url = new URL(request.url);
    if (url.pathname === ADMIN_LOGIN_PATH) return;
    const me = await context.staff.me();
    if (!me.ok) throw redirect(`${ADMIN_LOGIN_PATH}?next=${encodeURIComponent(url.pathname + url.search)}`);
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const me = await context.staff.me();
  return { me: me.ok ? me.data : null, texts: context.pageTexts('admin') };
}

// Who is logged in changes only with a login or logout, and both load the page anew.
export const shouldRevalidate = revalidateOnSubmitOrReload;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <StaffMeProvider me={loaderData.me}>
        <AdminChrome me={loaderData.me} />
      </StaffMeProvider>
    </PageTexts>
  );
}

function AdminChrome({ me }: { me: StaffMe | null }) {
  const { t } = useTranslation();
  const siteName = useRootData()?.settings.name ?? '';
  const { pathname } = useLocation();
  const links = sectionLinks(me?.sections ?? []);
  const current = currentSection(links, pathname);
  const logout = async () => {
    await adminRequest('/api/admin/logout.php', { method: 'POST' }).catch(() => {});
    window.location.assign(ADMIN_LOGIN_PATH);
  };
  const navList = (
    <ul className="admin-nav-list">
      {links.map((link) => (
        <li key={link.section}>
          <Link to={link.path} aria-current={link.section === current ? 'page' : undefined}>
            {t(link.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="admin-shell">
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('admin.skip_to_content')}
      </a>
      <header className="admin-header">
        <div className="container admin-header-bar">
          <Link to={me ? '/admin' : ADMIN_LOGIN_PATH} className="admin-brand">
            {siteName} <span>{t('admin.back_office')}</span>
          </Link>
          {me && (
            <>
              <div className="admin-who" data-testid="admin-who">
                <div>{t('admin.signed_in_as', { name: me.name })}</div>
                <div>{me.roles.map((role) => t(`admin.roles.${role}`)).join(', ')}</div>
              </div>
              <button type="button" className="btn btn-sm admin-logout" onClick={() => void logout()}>
                {t('admin.logout')}
              </button>
            </>
          )}
        </div>
        {links.length > 0 && (
          <div className="container">
            {/* A disclosure below 768 px that opens without JavaScript; the row of links above. */}
            <details className="admin-menu" key={pathname}>
              <summary>{t('admin.menu')}</summary>
              <nav aria-label={t('admin.nav_label')}>{navList}</nav>
            </details>
            <nav className="admin-nav-wide" aria-label={t('admin.nav_label')}>
              {navList}
            </nav>
          </div>
        )}
      </header>
      <main id="main" className="container admin-main">
        <Outlet />
      </main>
    </div>
  );
}
