import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { dismiss, dismissedAt } from '../../lib/dismissals.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSession } from '../session/member-session.tsx';

type Props = {
  /** The page's own knowledge (the photo list on /profile); otherwise the session's main image decides. */
  hasPhoto?: boolean;
  className?: string;
};

/**
 * Asks a member without a photo to add one. Dismissing stores a timestamp (key 'add_photo') and
 * the alert never shows again. Only common texts and app.scss classes, so any page can render it.
 */
export function AddPhotoAlert({ hasPhoto, className }: Props) {
  const { t } = useTranslation();
  const { user } = useSession();
  const titleId = useId();
  // Hidden until the browser has read the dismissal: the server cannot know it, and a flash of an
  // alert the member already closed would be worse than showing it a moment later.
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => setDismissed(dismissedAt('add_photo') !== null), []);

  const photo = hasPhoto ?? Boolean(user?.profile.main_image);
  if (!user || photo || dismissed) return null;
  const close = () => {
    dismiss('add_photo');
    setDismissed(true);
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
