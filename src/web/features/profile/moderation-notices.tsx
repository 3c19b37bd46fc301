import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n.tsx';
import { moderationNoticesQuery, useDismissNotice } from './profile-queries.ts';

/**
 * What moderators decided about the member's photos and texts (the same words as the mail), until
 * the member dismisses it. A refusal is an info, an approval a success, as the photo badges.
 */
export function ModerationNotices() {
  const { t } = useTranslation();
  const notices = useQuery(moderationNoticesQuery());
  const dismiss = useDismissNotice();
  if (!notices.data?.length) return null;
  return (
    <section className="moderation-notices mt-4" aria-label={t('moderation_notices.title')}>
      {notices.data.map((notice) => (
        <div
          key={notice.id}
          className={`alert ${notice.outcome === 'rejected' ? 'alert-info' : 'alert-success'} moderation-notice`}
        >
          <p className="mb-1">{t(`moderation_notices.${notice.subject}_${notice.outcome}`)}</p>
          {notice.reason && (
            <p className="mb-1">
              {t('moderation_notices.reason', { reason: t(`moderation_reasons.${notice.reason}`) })}
            </p>
          )}
          {notice.note && <p className="mb-1">{t('moderation_notices.note', { note: notice.note })}</p>}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary mt-1"
            onClick={() => dismiss.mutate(notice.id)}
          >
            {t('moderation_notices.dismiss')}
          </button>
        </div>
      ))}
    </section>
  );
}
