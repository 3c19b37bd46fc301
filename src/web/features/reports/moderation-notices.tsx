import { useEffect, useState } from 'react';
import type { ModerationNotices as Notices } from '../../../shared/contracts/reports.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';

const NOTICES = '/api/moderation-notices.php';

/**
 * What moderation has to tell the member, on entering the member area: a warning that blocks the
 * page until it is acknowledged (the dialog has no close), and the outcomes of their own reports,
 * which never say what was done to the other member.
 */
export function ModerationNotices() {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notices | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    request<Notices>(NOTICES)
      .then((answer) => live && setNotices(answer))
      // Nothing to show is better than an error about a notice.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const warning = notices?.warning ?? null;
  const outcomes = notices?.outcomes ?? [];

  const acknowledge = async () => {
    if (!warning) return;
    setBusy(true);
    try {
      await request(NOTICES, { method: 'POST', body: { kind: 'warning', id: warning.id } });
      setNotices((current) => current && { ...current, warning: null });
    } finally {
      setBusy(false);
    }
  };

  const closeOutcomes = () => {
    const ids = outcomes.map((outcome) => outcome.id);
    setNotices((current) => current && { ...current, outcomes: [] });
    void request(NOTICES, { method: 'POST', body: { kind: 'outcome', ids } }).catch(() => {});
  };

  return (
    <>
      {outcomes.length > 0 && (
        <div className="container mt-3">
          <div className="alert alert-info d-flex align-items-start gap-3" role="status">
            <div className="flex-grow-1">
              {outcomes.map((outcome) => (
                <p className="mb-1" key={outcome.id}>
                  {t(`moderation_notice.outcome_${outcome.outcome}`)}
                </p>
              ))}
            </div>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={closeOutcomes}>
              {t('moderation_notice.close')}
            </button>
          </div>
        </div>
      )}
      {/* Mounted only with a warning: a closed dialog is still in the page, and its title would be
          one more label for every label lookup there. */}
      {warning && (
        <Modal
          open
          title={t('moderation_notice.warning_title')}
          className="moderation-warning"
          footer={
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void acknowledge()}
            >
              {t('moderation_notice.acknowledge')}
            </button>
          }
        >
          <p>{t('moderation_notice.warning_body')}</p>
          {warning.note && (
            <>
              <p className="mb-1 fw-semibold">{t('moderation_notice.warning_note')}</p>
              <p className="mb-0 text-break">{warning.note}</p>
            </>
          )}
        </Modal>
      )}
    </>
  );
}
