import type { ReportQueueItem } from '../../../shared/contracts/reports.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/** What moderation has done to a member so far: warned (and whether it is read), hidden, suspended. */
export function ReportedMemberState({ member }: { member: NonNullable<ReportQueueItem['reported']> }) {
  const { t } = useTranslation();
  const states = [
    member.suspended && { key: 'suspended', text: t('report_review.state_suspended'), tone: 'danger' },
    member.hidden && { key: 'hidden', text: t('report_review.state_hidden'), tone: 'warning' },
    member.warnings > 0 && {
      key: 'warned',
      text: t('report_review.state_warned', { count: member.warnings }),
      tone: 'warning',
    },
    member.warningUnread && {
      key: 'unread',
      text: t('report_review.state_warning_unread'),
      tone: 'muted',
    },
  ].filter((state) => state !== false);
  if (states.length === 0)
    return (
      <span className="admin-report-state admin-report-state-muted">{t('report_review.state_none')}</span>
    );
  return (
    <span className="admin-report-states">
      {states.map((state) => (
        <span
          key={state.key}
          className={`admin-report-state admin-report-state-${state.tone}`}
          data-state={state.key}
        >
          {state.text}
        </span>
      ))}
    </span>
  );
}
