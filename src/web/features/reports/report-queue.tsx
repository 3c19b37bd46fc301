import { useEffect, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import {
  REPORT_REASONS,
  type ReportQueue,
  type ReportQueueItem,
  type ReportQueueQuery,
} from '../../../shared/contracts/reports.ts';
import { ComplaintSubjectSchema } from '../../../shared/contracts/site.ts';
import { FormSelect } from '../../components/ui/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { adminRequest } from '../admin/admin-api.ts';
import { formatAdminTime } from '../admin/admin-format.ts';
import { formatAge, reasonText, reportReference } from './report-format.ts';
import { ReportedMemberState } from './reported-member-state.tsx';

/**
 * Staff have no real-time channel (their socket would need a member session): the queue is read
 * again this often while the tab is visible, and at once when it becomes visible again.
 */
export const REPORT_QUEUE_REFRESH_MS = 5000;

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
  const navigation = useNavigation();
  const [live, setLive] = useState({ queue: initial, at: readAt });
  const [error, setError] = useState<string | null>(null);
  const { status, reason, source, page } = query;

  useEffect(() => setLive({ queue: initial, at: readAt }), [initial, readAt]);

  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const queue = await adminRequest<ReportQueue>('/api/admin/reports.php', {
          query: { status, reason, source, page },
        });
        if (stopped) return;
        setLive({ queue, at: Date.now() });
        setError(null);
      } catch (e) {
        // The list keeps what it showed; the next round tries again.
        if (!stopped) setError(e instanceof ApiError ? e.code : 'network_error');
      }
    };
    const timer = setInterval(() => void refresh(), REPORT_QUEUE_REFRESH_MS);
    const onVisible = () => void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [status, reason, source, page]);

  const { queue, at } = live;
  const pageLink = (to: number) => `?${queryParams(query, to)}`;

  return (
    <>
      <div className="admin-report-heading">
        <h1>{t('reports.admin.title')}</h1>
        <span className="admin-report-count" data-testid="reports-open-count">
          {t('reports.admin.open_count', { count: queue.openCount })}
        </span>
      </div>
      <p className="text-body-secondary small">{t('reports.admin.live')}</p>
      <Form method="get" className="admin-panel" aria-label={t('reports.admin.filters')}>
        {invalid && (
          <div className="alert alert-danger" role="alert">
            {errorText(t, 'validation_failed')}
          </div>
        )}
        <div className="admin-filters">
          <FormSelect id="status" label={t('reports.admin.status')} defaultValue={status} className="mb-0">
            <option value="open">{t('reports.admin.status_open')}</option>
            <option value="closed">{t('reports.admin.status_closed')}</option>
            <option value="all">{t('reports.admin.status_all')}</option>
          </FormSelect>
          <FormSelect
            id="reason"
            label={t('reports.admin.reason')}
            defaultValue={reason ?? ''}
            className="mb-0"
          >
            <option value="">{t('reports.admin.any')}</option>
            <optgroup label={t('reports.admin.member_reasons')}>
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(`reports.reasons.${value}`)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('reports.admin.complaint_subjects')}>
              {ComplaintSubjectSchema.options
                .filter((value) => !(REPORT_REASONS as readonly string[]).includes(value))
                .map((value) => (
                  <option key={value} value={value}>
                    {t(`complaints.subjects.${value}`)}
                  </option>
                ))}
            </optgroup>
          </FormSelect>
          <FormSelect
            id="source"
            label={t('reports.admin.source')}
            defaultValue={source ?? ''}
            className="mb-0"
          >
            <option value="">{t('reports.admin.any')}</option>
            <option value="member">{t('reports.admin.source_member')}</option>
            <option value="complaint">{t('reports.admin.source_complaint')}</option>
          </FormSelect>
          <div>
            <button type="submit" className="btn btn-primary" disabled={navigation.state !== 'idle'}>
              {t('reports.admin.apply')}
            </button>
          </div>
        </div>
      </Form>
      {error && (
        <p className="alert alert-warning" role="alert">
          {errorText(t, error)}
        </p>
      )}
      {queue.rows.length === 0 ? (
        <p>{t('reports.admin.empty')}</p>
      ) : (
        <div className="admin-table-wrap admin-panel">
          <table className="admin-table" data-testid="report-queue">
            <thead>
              <tr>
                <th scope="col">{t('reports.admin.reason')}</th>
                <th scope="col">{t('reports.admin.reported_member')}</th>
                <th scope="col">{t('reports.admin.reporter')}</th>
                <th scope="col">{t('reports.admin.age')}</th>
                <th scope="col">{t('reports.admin.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('reports.admin.open')}</span>
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
        <nav aria-label={t('reports.admin.pages')} className="d-flex gap-2 align-items-center">
          {page > 1 && (
            <Link className="btn btn-outline-primary btn-sm" to={pageLink(page - 1)}>
              {t('reports.admin.previous')}
            </Link>
          )}
          <span>{t('reports.admin.page', { page })}</span>
          {queue.hasMore && (
            <Link className="btn btn-outline-primary btn-sm" to={pageLink(page + 1)}>
              {t('reports.admin.next')}
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
      <td data-label={t('reports.admin.reason')}>
        {reasonText(t, row.source, row.reason)}
        <div className="small text-body-secondary">
          {t(`reports.admin.kinds.${row.kind}`)} · {reference}
        </div>
      </td>
      <td data-label={t('reports.admin.reported_member')}>
        {row.reported ? (
          <>
            {row.reported.name} <span className="small text-body-secondary">#{row.reported.id}</span>
            <div>
              <ReportedMemberState member={row.reported} />
            </div>
          </>
        ) : (
          t('reports.admin.nobody')
        )}
      </td>
      <td data-label={t('reports.admin.reporter')}>
        {row.source === 'complaint'
          ? row.reporter
            ? t('reports.admin.complaint_by', { name: row.reporter.name })
            : t('reports.admin.complaint_form')
          : row.reporter
            ? row.reporter.name
            : t('reports.admin.nobody')}
      </td>
      <td data-label={t('reports.admin.age')}>
        <time dateTime={row.createdAt} title={formatAdminTime(row.createdAt, locale)}>
          {formatAge(row.createdAt, now, locale)}
        </time>
      </td>
      <td data-label={t('reports.admin.state')}>
        {row.status === 'open'
          ? t('reports.admin.status_open')
          : row.outcome
            ? t(`reports.admin.outcomes.${row.outcome}`)
            : t('reports.admin.status_closed')}
      </td>
      <td className="admin-report-open">
        <Link
          className="btn btn-sm btn-outline-primary"
          to={`/admin/reports/${row.id}`}
          aria-label={t('reports.admin.open_report', { reference })}
        >
          {reference}
        </Link>
      </td>
    </tr>
  );
}
