import { useId, useState } from 'react';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../../../shared/contracts/reports.ts';
import { FormCheck } from '../../components/ui/form-check.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError, request } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';

export type ReportTarget =
  | { kind: 'profile'; memberId: number; name: string }
  | { kind: 'message'; messageId: number };

type Props = {
  /** What to report; null keeps the dialog closed. */
  target: ReportTarget | null;
  onClose: () => void;
  /** The report was stored: the page says thank you where it has room. */
  onSent: (text: string) => void;
};

/**
 * The report form of the profile's menu and of a message in the conversation: a reason, optional
 * words, then a thank-you. The server keeps what the member saw at this moment as the evidence.
 */
export function ReportDialog({ target, onClose, onSent }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const noteId = useId();
  const reasonName = useId();

  const close = () => {
    setReason(null);
    setNote('');
    setError('');
    onClose();
  };

  const send = async () => {
    if (!target) return;
    if (!reason) {
      setError(t('validation.report_reason_required'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const about =
        target.kind === 'profile'
          ? { kind: 'profile', member_id: target.memberId }
          : { kind: 'message', message_id: target.messageId };
      await request('/api/report.php', {
        method: 'POST',
        body: { ...about, reason, note: note || undefined },
      });
      close();
      onSent(t('reports.form.sent'));
    } catch (e) {
      setError(errorText(t, e instanceof ApiError ? e.code : undefined));
    } finally {
      setBusy(false);
    }
  };

  const title =
    target?.kind === 'profile'
      ? t('reports.form.title_profile', { name: target.name })
      : t('reports.form.title_message');

  return (
    <Modal
      open={target !== null}
      title={title}
      onClose={close}
      closeLabel={t('reports.form.cancel')}
      className="report-dialog"
      cancelInFooter
      footer={
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void send()}>
          {t('reports.form.submit')}
        </button>
      }
    >
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('reports.form.reason')}</legend>
        {REPORT_REASONS.map((value) => (
          <FormCheck
            key={value}
            type="radio"
            name={reasonName}
            id={`${reasonName}-${value}`}
            label={t(`reports.reasons.${value}`)}
            value={value}
            checked={reason === value}
            onChange={() => setReason(value)}
          />
        ))}
      </fieldset>
      <label className="form-label" htmlFor={noteId}>
        {t('reports.form.note')}
      </label>
      <textarea
        id={noteId}
        className="form-control"
        rows={3}
        maxLength={REPORT_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {error && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {error}
        </div>
      )}
    </Modal>
  );
}
