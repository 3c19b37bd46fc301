import { type FormEvent, useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import {
  REPORT_NOTE_MAX,
  REPORT_OUTCOMES,
  type ReportDetail,
  type ReportOutcome,
} from '../../../shared/contracts/reports.ts';
import { FormCheck } from '../../components/ui/form-check.tsx';
import { FormTextarea } from '../../components/ui/form-field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TitledSection } from '../../components/ui/titled-section.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { AdminActionButton, useAdminAction } from '../admin/admin-action.tsx';
import { adminRequest } from '../admin/admin-api.ts';
import { formatAdminTime } from '../admin/admin-format.ts';
import { AdminNotice, type AdminNoticeValue } from '../admin/admin-notice.tsx';
import { reasonText, reportReference } from './report-format.ts';
import { ReportedMemberState } from './reported-member-state.tsx';

const codeOf = (e: unknown) => (e instanceof ApiError ? e.code : 'network_error');

/** A report as the moderator decides it: what it is about, its frozen evidence, the member's state, the outcome. */
export function ReportDetailView({ report }: { report: ReportDetail }) {
  const { t, i18n } = useTranslation();
  const [notice, setNotice] = useState<AdminNoticeValue | null>(null);
  const reference = reportReference(report.id);
  const time = (iso: string) => formatAdminTime(iso, i18n.language);
  const empty = t('report_review.empty_value');

  return (
    <>
      <p>
        <Link to="/admin/reports">{t('report_review.back')}</Link>
      </p>
      <h1>{t('report_review.detail_title', { reference })}</h1>
      <AdminNotice notice={notice} />
      <div className="admin-report-layout">
        <section className="admin-panel" aria-labelledby="report-summary">
          <h2 className="h5" id="report-summary">
            {reasonText(t, report.source, report.reason)}
          </h2>
          <dl className="admin-report-facts">
            <dt>{t('report_review.about')}</dt>
            <dd>{t(`report_review.kinds.${report.kind}`)}</dd>
            <dt>{t('report_review.reported_at')}</dt>
            <dd>
              <time dateTime={report.createdAt}>{time(report.createdAt)}</time>
            </dd>
            <dt>{t('report_review.reporter')}</dt>
            <dd>
              {report.source === 'complaint'
                ? report.reporter
                  ? t('report_review.complaint_by', { name: report.reporter.name })
                  : t('report_review.complaint_form')
                : report.reporter
                  ? `${report.reporter.name} #${report.reporter.id}`
                  : t('report_review.nobody')}
            </dd>
            <dt>{t('report_review.reported_member')}</dt>
            <dd>
              {report.reported ? `${report.reported.name} #${report.reported.id}` : t('report_review.nobody')}
            </dd>
            {report.reported && (
              <>
                <dt>{t('report_review.member_state')}</dt>
                <dd data-testid="reported-member-state">
                  <ReportedMemberState member={report.reported} />
                </dd>
                <dt>{t('report_review.reports_about_member')}</dt>
                <dd>{report.reportsAboutMember}</dd>
              </>
            )}
            {report.note && (
              <>
                <dt>{t('report_review.reporter_note')}</dt>
                <dd className="admin-report-text">{report.note}</dd>
              </>
            )}
          </dl>
        </section>
        <Evidence report={report} />
        {report.status === 'closed' ? (
          <section className="admin-panel" aria-labelledby="report-decided">
            <h2 className="h5" id="report-decided">
              {t('report_review.decided_title')}
            </h2>
            <dl className="admin-report-facts" data-testid="report-decision">
              <dt>{t('report_review.decided_outcome')}</dt>
              <dd>{report.outcome ? t(`report_review.outcomes.${report.outcome}`) : empty}</dd>
              <dt>{t('report_review.decided_at')}</dt>
              <dd>{report.decidedAt ? time(report.decidedAt) : empty}</dd>
              <dt>{t('report_review.decided_by')}</dt>
              <dd>{report.decidedBy ?? empty}</dd>
            </dl>
          </section>
        ) : (
          <DecisionForm report={report} onNotice={setNotice} />
        )}
        {report.reported?.suspended && <LiftSuspension memberId={report.reported.id} onNotice={setNotice} />}
      </div>
    </>
  );
}

/** What the report froze: the profile then, the conversation's recent history with the reported message marked, or the complaint. */
function Evidence({ report }: { report: ReportDetail }) {
  const { t, i18n } = useTranslation();
  const { evidence } = report;
  const empty = t('report_review.empty_value');
  const nameOf = (senderId: number) =>
    senderId === report.reported?.id
      ? report.reported.name
      : senderId === report.reporter?.id
        ? report.reporter.name
        : `#${senderId}`;
  return (
    <section className="admin-panel admin-report-evidence" aria-labelledby="report-evidence">
      <h2 className="h5" id="report-evidence">
        {t('report_review.evidence')}
      </h2>
      {evidence.complaint && (
        <dl className="admin-report-facts">
          <dt>{t('report_review.name')}</dt>
          <dd>{evidence.complaint.name}</dd>
          <dt>{t('report_review.complaint_email')}</dt>
          <dd className="admin-secret">{evidence.complaint.email}</dd>
          <dt>{t('report_review.complaint_subject')}</dt>
          <dd>{reasonText(t, 'complaint', evidence.complaint.subject)}</dd>
          <dt>{t('report_review.complaint_message')}</dt>
          <dd className="admin-report-text">{evidence.complaint.message}</dd>
        </dl>
      )}
      {evidence.profile && (
        <>
          <h3 className="h6">{t('report_review.profile')}</h3>
          <dl className="admin-report-facts">
            <dt>{t('report_review.name')}</dt>
            <dd>{evidence.profile.name}</dd>
            <dt>{t('report_review.city')}</dt>
            <dd>{evidence.profile.city ?? empty}</dd>
            <dt>{t('report_review.about_me')}</dt>
            <dd className="admin-report-text">{evidence.profile.aboutMe ?? empty}</dd>
          </dl>
        </>
      )}
      {report.kind !== 'complaint' && (
        <>
          <h3 className="h6">{t('report_review.conversation')}</h3>
          {evidence.messages.length === 0 ? (
            <p className="mb-0">{t('report_review.no_messages')}</p>
          ) : (
            <ol className="admin-report-messages" data-testid="report-evidence">
              {evidence.messages.map((message) => (
                <li
                  key={message.id}
                  className={`admin-report-message${
                    message.senderId === report.reported?.id ? ' admin-report-message-theirs' : ''
                  }${message.reported ? ' admin-report-message-reported' : ''}`}
                  data-reported={message.reported || undefined}
                >
                  {message.reported && (
                    <strong className="admin-report-flag">{t('report_review.reported_message')}</strong>
                  )}
                  <div className="admin-report-message-meta">
                    <span className="admin-report-sender">{nameOf(message.senderId)}</span>{' '}
                    <time dateTime={message.at}>{formatAdminTime(message.at, i18n.language)}</time>
                    {message.kind !== 'text' && (message.kind === 'gift' || message.kind === 'image') && (
                      <> · {t(`report_review.message_kinds.${message.kind}`)}</>
                    )}
                  </div>
                  {message.body && <div className="admin-report-text">{message.body}</div>}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function DecisionForm({
  report,
  onNotice,
}: {
  report: ReportDetail;
  onNotice: (notice: AdminNoticeValue) => void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  // A complaint names no member: only a dismissal fits it.
  const choices = report.reported ? REPORT_OUTCOMES : (['dismiss'] as const);

  const decide = async (chosen: ReportOutcome) => {
    setBusy(true);
    setError(null);
    try {
      await adminRequest('/api/admin/report-outcome.php', {
        method: 'POST',
        body: { id: report.id, outcome: chosen, note: chosen === 'warn' && note.trim() ? note : undefined },
      });
      setConfirming(false);
      onNotice({ kind: 'success', text: t('report_review.decided_done') });
      await revalidator.revalidate();
    } catch (e) {
      setConfirming(false);
      setError(errorText(t, codeOf(e)));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return setError(t('report_review.pick_outcome'));
    if (outcome === 'suspend') return setConfirming(true);
    void decide(outcome);
  };

  return (
    <section className="admin-panel" aria-labelledby="report-decide">
      <h2 className="h5" id="report-decide">
        {t('report_review.decide_title')}
      </h2>
      <form onSubmit={submit} noValidate>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {!report.reported && <p className="small">{t('report_review.complaint_only_dismiss')}</p>}
        <fieldset className="admin-report-choices">
          <legend className="visually-hidden">{t('report_review.decide_title')}</legend>
          {choices.map((choice) => (
            <FormCheck
              key={choice}
              type="radio"
              name="outcome"
              id={`outcome-${choice}`}
              label={t(`report_review.choices.${choice}`)}
              value={choice}
              checked={outcome === choice}
              onChange={() => setOutcome(choice)}
              aria-describedby={`${hintId}-${choice}`}
            >
              <div className="small text-body-secondary" id={`${hintId}-${choice}`}>
                {t(`report_review.choice_hints.${choice}`)}
              </div>
            </FormCheck>
          ))}
        </fieldset>
        {outcome === 'warn' && (
          <FormTextarea
            id="warn-note"
            label={t('report_review.warn_note')}
            help={t('report_review.warn_note_hint')}
            rows={4}
            maxLength={REPORT_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('report_review.save')}
        </button>
      </form>
      {confirming && report.reported && (
        <Modal
          open
          title={t('report_review.confirm_suspend_title', { name: report.reported.name })}
          onClose={() => setConfirming(false)}
          closeLabel={t('report_review.cancel')}
          cancelInFooter
          footer={
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void decide('suspend')}
            >
              {t('report_review.confirm_suspend')}
            </button>
          }
        >
          <p className="mb-0">{t('report_review.confirm_suspend_text')}</p>
        </Modal>
      )}
    </section>
  );
}

function LiftSuspension({
  memberId,
  onNotice,
}: {
  memberId: number;
  onNotice: (notice: AdminNoticeValue) => void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const action = useAdminAction(onNotice, revalidator.revalidate);
  return (
    <TitledSection className="admin-panel" titleId="report-lift" title={t('report_review.lift')}>
      <p className="small">{t('report_review.lift_hint')}</p>
      <AdminActionButton
        className="btn btn-outline-primary"
        action={action}
        call={() =>
          adminRequest('/api/admin/suspension-lift.php', { method: 'POST', body: { member_id: memberId } })
        }
        success={t('report_review.lifted_done')}
      >
        {t('report_review.lift')}
      </AdminActionButton>
    </TitledSection>
  );
}
