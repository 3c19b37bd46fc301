import { Link } from 'react-router';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta } from '../features/admin/admin-route.ts';
import { sectionLinks } from '../features/admin/admin-sections.ts';
import { useStaffMe } from '../features/admin/staff-me.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/admin-home';

// No loader: see adminPageMeta.
export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.back_office');
}

/** The back office's home: who is logged in, with which roles, and the sections they open. */
export default function AdminHome() {
  const { t } = useTranslation();
  const me = useStaffMe();
  if (!me) return null;
  const cards = sectionLinks(me.sections).filter((link) => link.section !== 'home');
  return (
    <>
      <h1>{t('admin.home.welcome', { name: me.name })}</h1>
      <p>
        {me.email} · {t('admin.home.roles')}: {me.roles.map((role) => t(`admin.roles.${role}`)).join(', ')}
      </p>
      <h2 className="h4 mt-4">{t('admin.home.sections')}</h2>
      <ul className="admin-cards">
        {cards.map((card) => (
          <li key={card.section}>
            <Link to={card.path} className="admin-card-link">
              <h3>{t(card.label)}</h3>
              <p className="mb-0">{t(card.text)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
