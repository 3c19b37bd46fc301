import { useId, useState } from 'react';
import { Link } from 'react-router';
import { dismissForAccount } from '../../lib/dismissals.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSession } from '../session/member-session.tsx';

type Props = {
  /** The page's own knowledge (the photo list on /profile); otherwise the session's main image decides. */
  hasPhoto?: boolean;
  className?: string;
};

/**
 * Asks a member without a photo to add one. Dismissing stores a timestamp with the account (POST
 * /api/dismissal.php, key 'add_photo'): the alert never shows again, on any device. Since the
 * session says so, the server renders the page as it will stay: no alert that appears a moment
 * after the page and pushes it down. Only common texts and app.scss classes, so any page can render it.
 */
export function AddPhotoAlert({ hasPhoto, className }: Props) {
  const { t } = useTranslation();
  const { user, refresh } = useSession();
  const titleId = useId();
  const [closed, setClosed] = useState(false);

  const photo = hasPhoto ?? Boolean(user?.profile.main_image);
  if (!user || photo || closed || user.dismissals.add_photo) return null;
  const close = () => {
    setClosed(true);
    dismissForAccount('add_photo', refresh);
  };
  return (
    <section
      className={`alert alert-info alert-dismissible d-flex align-items-start gap-2 add-photo-alert ${className ?? ''}`}
      aria-labelledby={titleId}
    >
      <svg
        aria-hidden="true"
        width="28"
        height="28"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
        <circle cx="12" cy="13" r="3.5" />
      </svg>
      <div>
        <h2 id={titleId} className="alert-heading h6 mb-0">
          {t('add_photo.title')}
        </h2>
        <p className="small mb-0">{t('add_photo.text')}</p>
        <Link to="/profile#photos" className="btn btn-primary btn-sm mt-3">
          {t('add_photo.action')}
        </Link>
      </div>
      <button type="button" className="btn-close" aria-label={t('add_photo.dismiss')} onClick={close} />
    </section>
  );
}
