import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';

/** The two queues as tabs, each with its waiting count when the page knows it. */
export function ModerationTabs({ photos, texts }: { photos?: number; texts?: number }) {
  const { t } = useTranslation();
  const tab = (to: string, label: string, count: number | undefined) => (
    <li>
      <NavLink to={to} end>
        {label}
        {count !== undefined && (
          <span className="moderation-count">{t('moderation.waiting', { count })}</span>
        )}
      </NavLink>
    </li>
  );
  return (
    <nav aria-label={t('moderation.tabs')}>
      <ul className="moderation-tabs">
        {tab('/admin/moderation/photos', t('moderation.photos_tab'), photos)}
        {tab('/admin/moderation/texts', t('moderation.texts_tab'), texts)}
      </ul>
    </nav>
  );
}
