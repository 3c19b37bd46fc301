import { useEffect, useId, useRef, useState } from 'react';
import { MODERATION_NOTE_MAX, type ModerationReason } from '../../../shared/contracts/moderation.ts';
import { useTranslation } from '../../lib/i18n.tsx';

type RejectFormProps = {
  title: string;
  confirmLabel: string;
  /** The reasons offered: a photo's, or the ones that fit a text. */
  reasons: readonly ModerationReason[];
  busy: boolean;
  onSubmit: (reason: ModerationReason, note: string) => void;
  onCancel: () => void;
};

/**
 * The reason from the contract's fixed list (the member reads it in their language) and optional
 * words to the member. Opens with the reason in focus, so the keyboard carries on; Escape cancels.
 */
export function RejectForm({ title, confirmLabel, reasons, busy, onSubmit, onCancel }: RejectFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<ModerationReason | ''>('');
  const [note, setNote] = useState('');
  useEffect(() => reasonRef.current?.focus(), []);
  return (
    <form
      className="moderation-reject border rounded p-3 bg-white"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason) onSubmit(reason, note.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <h2 className="h6" id={`${id}-title`}>
        {title}
      </h2>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-reason`}>
          {t('moderation.reason')}
        </label>
        <select
          ref={reasonRef}
          id={`${id}-reason`}
          className="form-select"
          required
          value={reason}
          onChange={(event) => setReason(event.target.value as ModerationReason | '')}
        >
          <option value="" disabled>
            {t('moderation.choose_reason')}
          </option>
          {reasons.map((value) => (
            <option key={value} value={value}>
              {t(`moderation.reasons.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-note`}>
          {t('moderation.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className="form-control"
          rows={3}
          maxLength={MODERATION_NOTE_MAX}
          value={note}
          aria-describedby={`${id}-note-help`}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="form-text" id={`${id}-note-help`}>
          {t('moderation.note_help')}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-danger" disabled={busy || !reason}>
          {confirmLabel}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('moderation.cancel')}
        </button>
      </div>
    </form>
  );
}
