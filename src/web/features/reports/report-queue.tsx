import { Link } from 'react-router';
import {
  REPORT_REASONS,
  type ReportQueue,
  type ReportQueueItem,
  type ReportQueueQuery,
} from '../../../shared/contracts/reports.ts';
import { ComplaintSubjectSchema } from '../../../shared/contracts/site.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { AdminFilterForm, FilterSelect } from '../admin/admin-filter-form.tsx';
import { formatAdminTime } from '../admin/admin-format.ts';
import { useStaffPoll } from '../admin/use-staff-poll.ts';
import { formatAge, reasonText, reportReference } from './report-format.ts';
import { ReportedMemberState } from './reported-member-state.tsx';

type Props = {
  /** The server's first page and the moment it was read (the ages count from it until the first refresh). */
  initial: ReportQueue;
  readAt: number;
  query: ReportQueueQuery;
  invalid: boolean;
};

const queryParams = (query: ReportQueueQuery, page = query.page) => {
  const params = new URLSearchParams();
  if (query.status !== 'open') params.set('status', query.status);
  if (query.reason) params.set('reason', query.reason);
  if (query.source) params.set('source', query.source);
  if (page > 1) params.set('page', String(page));
  return params;
};

/** The reports queue: open reports first, oldest first, filtered by the address (a plain GET form). */
export function ReportQueueView({ initial, readAt, query, invalid }: Props) {
  const { t, i18n } = useTranslation();
  const { status, reason, source, page } = query;
  const {
    data: queue,
    at,
    error,
  } = useStaffPoll({
    path: '/api/admin/reports.php',
    query: { status, reason, source, page },
    initial,
    readAt,
  });
  const pageLink = (to: number) => `?${queryParams(query, to)}`;

  return (
    <>
      <div className="admin-report-heading">
        <h1>{t('report_review.title')}</h1>
        <span className="admin-report-count" data-testid="reports-open-count">
          {t('report_review.open_count', { count: queue.openCount })}
        </span>
      </div>
      <p className="text-body-secondary small">{t('report_review.live')}</p>
      <AdminFilterForm
        label={t('report_review.filters')}
        submitLabel={t('report_review.apply')}
        invalid={invalid}
      >
        <FilterSelect id="status" label={t('report_review.status')} defaultValue={status}>
          <option value="open">{t('report_review.status_open')}</option>
          <option value="closed">{t('report_review.status_closed')}</option>
          <option value="all">{t('report_review.status_all')}</option>
        </FilterSelect>
        <FilterSelect id="reason" label={t('report_review.reason')} defaultValue={reason ?? ''}>
          <option value="">{t('report_review.any')}</option>
          <optgroup label={t('report_review.member_reasons')}>
            {REPORT_REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`reports.reasons.${value}`)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('report_review.complaint_subjects')}>
            {ComplaintSubjectSchema.options
              .filter((value) => !(REPORT_REASONS as readonly string[]).includes(value))
              .map((value) => (
                <option key={value} value={value}>
                  {t(`complaints.subjects.${value}`)}
                </option>
              ))}
          </optgroup>
        </FilterSelect>
        <FilterSelect id="source" label={t('report_review.source')} defaultValue={source ?? ''}>
          <option value="">{t('report_review.any')}</option>
          <option value="member">{t('report_review.source_member')}</option>
          <option value="complaint">{t('report_review.source_complaint')}</option>
        </FilterSelect>
      </AdminFilterForm>
      {error && (
        <p className="alert alert-warning" role="alert">
          {errorText(t, error)}
        </p>
      )}
      {queue.rows.length === 0 ? (
        <p>{t('report_review.empty')}</p>
      ) : (
        <div className="admin-table-wrap admin-panel">
          <table className="admin-table" data-testid="report-queue">
            <thead>
              <tr>
                <th scope="col">{t('report_review.reason')}</th>
                <th scope="col">{t('report_review.reported_member')}</th>
                <th scope="col">{t('report_review.reporter')}</th>
                <th scope="col">{t('report_review.age')}</th>
                <th scope="col">{t('report_review.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('report_review.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {queue.rows.map((row) => (
                <QueueRow key={row.id} row={row} now={at} locale={i18n.language} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(page > 1 || queue.hasMore) && (
        <nav aria-label={t('report_review.pages')} className="d-flex gap-2 align-items-center">
          {page > 1 && (
            <Link className="btn btn-outline-primary btn-sm" to={pageLink(page - 1)}>
              {t('report_review.previous')}
            </Link>
          )}
          <span>{t('report_review.page', { page })}</span>
          {queue.hasMore && (
            <Link className="btn btn-outline-primary btn-sm" to={pageLink(page + 1)}>
              {t('report_review.next')}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

function QueueRow({ row, now, locale }: { row: ReportQueueItem; now: number; locale: string }) {
  const { t } = useTranslation();
  const reference = reportReference(row.id);
  return (
    <tr data-report={row.id} data-testid="report-row">
      <td data-label={t('report_review.reason')}>
        {reasonText(t, row.source, row.reason)}
        <div className="small text-body-secondary">
          {t(`report_review.kinds.${row.kind}`)} · {reference}
        </div>
      </td>
      <td data-label={t('report_review.reported_member')}>
        {row.reported ? (
          <>
            {row.reported.name} <span className="small text-body-secondary">#{row.reported.id}</span>
            <div>
              <ReportedMemberState member={row.reported} />
            </div>
          </>
        ) : (
          t('report_review.nobody')
        )}
      </td>
      <td data-label={t('report_review.reporter')}>
        {row.source === 'complaint'
          ? row.reporter
            ? t('report_review.complaint_by', { name: row.reporter.name })
            : t('report_review.complaint_form')
          : row.reporter
            ? row.reporter.name
            : t('report_review.nobody')}
      </td>
      <td data-label={t('report_review.age')}>
        <time dateTime={row.createdAt} title={formatAdminTime(row.createdAt, locale)}>
          {formatAge(row.createdAt, now, locale)}
        </time>
      </td>
      <td data-label={t('report_review.state')}>
        {row.status === 'open'
          ? t('report_review.status_open')
          : row.outcome
            ? t(`report_review.outcomes.${row.outcome}`)
            : t('report_review.status_closed')}
      </td>
      <td className="admin-report-open">
        <Link
          className="btn btn-sm btn-outline-primary"
          to={`/admin/reports/${row.id}`}
          aria-label={t('report_review.open_report', { reference })}
        >
          {reference}
        </Link>
      </td>
    </tr>
  );
}
