import { useQuery } from '@tanstack/react-query';
import type { ProfileNotice } from '../../../shared/contracts/moderation.ts';
import type { TranslationKey } from '../../../shared/i18n/keys.generated.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { moderationNoticesQuery, useDismissNotice } from './profile-queries.ts';

/** The words of a decision: a refused name taken meanwhile or changed since has its own text. */
function noticeText(notice: ProfileNotice): TranslationKey {
  if (notice.outcome === 'rejected_choose_new') return 'moderation_notices.name_rejected_choose_new';
  if (notice.outcome === 'rejected_newer_kept')
    return notice.subject === 'name'
      ? 'moderation_notices.name_rejected_newer_kept'
      : 'moderation_notices.about_me_rejected_newer_kept';
  return `moderation_notices.${notice.subject}_${notice.outcome}`;
}

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
          className={`alert ${notice.outcome === 'approved' ? 'alert-success' : 'alert-info'} moderation-notice`}
        >
          <p className="mb-1">{t(noticeText(notice))}</p>
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
