import { useCallback, useState } from 'react';
import {
  type ModerationReason,
  type QueuedText,
  TEXT_MODERATION_REASONS,
  type TextDecisionResult,
  type TextQueue as TextQueueData,
} from '../../../shared/contracts/moderation.ts';
import type { TranslationKey } from '../../../shared/i18n/keys.generated.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { adminRequest } from '../admin/admin-api.ts';
import { ModerationTabs } from './moderation-tabs.tsx';
import { QueuedMemberLine } from './queued-member.tsx';
import { RejectForm } from './reject-form.tsx';
import { useLiveQueue } from './use-live-queue.ts';

const textsOf = (queue: TextQueueData) => queue.texts;

type Decision = { outcome: 'approved' } | { outcome: 'rejected'; reason: ModerationReason; note: string };

/** What the moderator is told happened: kept, set back, a name to choose anew, or a newer text kept. */
const DECIDED = {
  kept: 'moderation.text_kept',
  restored: 'moderation.text_undone',
  choose_new: 'moderation.text_undone_choose_new',
  newer_kept: 'moderation.text_undone_newer_kept',
} as const satisfies Record<NonNullable<TextDecisionResult['undone']> | 'kept', TranslationKey>;

/** The changed profile texts, oldest first, each with the text before and after it, kept or undone. */
export function TextQueue({ initial }: { initial: TextQueueData }) {
  const { t } = useTranslation();
  const { queue, items, total, markDecided } = useLiveQueue(
    initial,
    '/api/admin/moderation-texts.php',
    textsOf,
  );
  const [message, setMessage] = useState('');

  const decided = useCallback(
    (id: number, text: string) => {
      setMessage(text);
      markDecided(id);
    },
    [markDecided],
  );

  return (
    <>
      <h1>{t('moderation.texts_title')}</h1>
      <ModerationTabs texts={total} />
      <p className="moderation-status" role="status">
        {message}
      </p>
      {items.length === 0 ? (
        <p className="admin-panel">{t('moderation.texts_empty')}</p>
      ) : (
        <ul className="moderation-texts">
          {items.map((item) => (
            <TextChange key={item.id} item={item} now={queue.now} onDecided={decided} />
          ))}
        </ul>
      )}
    </>
  );
}

function TextChange({
  item,
  now,
  onDecided,
}: {
  item: QueuedText;
  now: string;
  onDecided: (id: number, message: string) => void;
}) {
  const { t } = useTranslation();
  const [undoing, setUndoing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = item.field === 'name' ? t('moderation.field_name') : t('moderation.field_about_me');

  const decide = async (decision: Decision) => {
    setBusy(true);
    setError(null);
    try {
      const result = await adminRequest<TextDecisionResult>('/api/admin/moderation-text.php', {
        method: 'POST',
        body: { id: item.id, ...decision },
      });
      onDecided(item.id, t(DECIDED[result.undone ?? 'kept']));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) onDecided(item.id, t('moderation.already_decided'));
      else setError(e instanceof ApiError ? e.code : 'network_error');
    } finally {
      setBusy(false);
    }
  };

  const text = (value: string | null) =>
    value ? (
      <div className="moderation-text">{value}</div>
    ) : (
      <div className="moderation-text text-body-secondary">{t('moderation.empty_text')}</div>
    );

  return (
    <li className="admin-panel moderation-change" data-text-change={item.id}>
      <h2 className="h5">
        {t('moderation.field')}: {field}
      </h2>
      <QueuedMemberLine member={item.member} createdAt={item.created_at} now={now} />
      <div className="moderation-compare">
        <section aria-label={`${field} · ${t('moderation.before')}`}>
          <h3 className="h6">{t('moderation.before')}</h3>
          {text(item.before)}
        </section>
        <section aria-label={`${field} · ${t('moderation.after')}`}>
          <h3 className="h6">{t('moderation.after')}</h3>
          {text(item.after)}
        </section>
      </div>
      {error && (
        <p className="alert alert-danger" role="alert">
          {errorText(t, error)}
        </p>
      )}
      {undoing ? (
        <RejectForm
          title={t('moderation.undo_title')}
          confirmLabel={t('moderation.confirm_undo')}
          reasons={TEXT_MODERATION_REASONS}
          busy={busy}
          onSubmit={(reason, note) => void decide({ outcome: 'rejected', reason, note })}
          onCancel={() => setUndoing(false)}
        />
      ) : (
        <div className="moderation-actions">
          <button
            type="button"
            className="btn btn-success"
            disabled={busy}
            onClick={() => void decide({ outcome: 'approved' })}
          >
            {t('moderation.keep')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={busy}
            onClick={() => setUndoing(true)}
          >
            {t('moderation.undo')}
          </button>
        </div>
      )}
    </li>
  );
}
