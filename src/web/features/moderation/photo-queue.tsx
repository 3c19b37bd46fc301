import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MODERATION_REASONS,
  type ModerationReason,
  type PhotoQueue as PhotoQueueData,
} from '../../../shared/contracts/moderation.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { adminRequest } from '../admin/admin-api.ts';
import { ModerationTabs } from './moderation-tabs.tsx';
import { keepPosition } from './queue-position.ts';
import { QueuedMemberLine } from './queued-member.tsx';
import { RejectForm } from './reject-form.tsx';
import { useLiveQueue } from './use-live-queue.ts';

const inTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const photosOf = (queue: PhotoQueueData) => queue.photos;

/** The waiting photos one at a time, oldest first, large, decided with buttons or the keyboard. */
export function PhotoQueue({ initial }: { initial: PhotoQueueData }) {
  const { t } = useTranslation();
  const { queue, items, total, markDecided } = useLiveQueue(
    initial,
    '/api/admin/moderation-photos.php',
    photosOf,
  );
  const ids = items.map((photo) => photo.id);
  const [shown, setShown] = useState<number | null>(ids[0] ?? null);
  const seen = useRef(ids);
  const currentId = keepPosition(seen.current, shown, ids);
  const index = currentId === null ? -1 : ids.indexOf(currentId);
  const photo = index >= 0 ? items[index] : undefined;
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    seen.current = ids;
    if (currentId !== shown) setShown(currentId);
  });

  const move = useCallback(
    (step: number) => {
      const to = ids[index + step];
      if (to === undefined) return;
      setShown(to);
      setRejecting(false);
      setError(null);
    },
    [ids, index],
  );

  const decide = useCallback(
    async (
      decision: { outcome: 'approved' } | { outcome: 'rejected'; reason: ModerationReason; note: string },
    ) => {
      if (!photo || busy) return;
      setBusy(true);
      setError(null);
      try {
        await adminRequest('/api/admin/moderation-photo.php', {
          method: 'POST',
          body: { id: photo.id, ...decision },
        });
        setMessage(
          t(decision.outcome === 'approved' ? 'moderation.photo_approved' : 'moderation.photo_rejected'),
        );
        setRejecting(false);
        markDecided(photo.id);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) {
          setMessage(t('moderation.already_decided'));
          setRejecting(false);
          markDecided(photo.id);
        } else setError(e instanceof ApiError ? e.code : 'network_error');
      } finally {
        setBusy(false);
      }
    },
    [photo, busy, t, markDecided],
  );

  // The keys work once this page's script listens: announced then (assistive technology, and the
  // journeys, which would otherwise press J into a page still being hydrated).
  const [keysReady, setKeysReady] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || rejecting || inTextField(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'a') void decide({ outcome: 'approved' });
      else if (key === 'r' && photo) setRejecting(true);
      else if (key === 'arrowright' || key === 'j') move(1);
      else if (key === 'arrowleft' || key === 'k') move(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    setKeysReady(true);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, move, photo, rejecting]);

  return (
    <>
      <h1>{t('moderation.photos_title')}</h1>
      <ModerationTabs photos={total} />
      <p className="moderation-status" role="status">
        {message}
      </p>
      {error && (
        <p className="alert alert-danger" role="alert">
          {errorText(t, error)}
        </p>
      )}
      {!photo ? (
        <p className="admin-panel">{t('moderation.photos_empty')}</p>
      ) : (
        <div
          className="moderation-photo"
          data-photo={photo.id}
          aria-keyshortcuts={keysReady ? 'A R J K ArrowRight ArrowLeft' : undefined}
        >
          <div className="moderation-preview">
            <img
              key={photo.id}
              src={photo.preview_url}
              width={photo.width}
              height={photo.height}
              alt={t('moderation.preview_alt', { name: photo.member.name })}
            />
          </div>
          <div className="moderation-side admin-panel">
            <QueuedMemberLine member={photo.member} createdAt={photo.created_at} now={queue.now} />
            {photo.private && <p className="moderation-tag">{t('moderation.private')}</p>}
            <p className="small text-body-secondary">
              {t('moderation.position', { position: index + 1, count: items.length })}
            </p>
            <div className="moderation-actions">
              <button
                type="button"
                className="btn btn-success"
                disabled={busy}
                aria-keyshortcuts="A"
                onClick={() => void decide({ outcome: 'approved' })}
              >
                {t('moderation.approve')}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger"
                disabled={busy}
                aria-keyshortcuts="R"
                aria-expanded={rejecting}
                onClick={() => setRejecting(true)}
              >
                {t('moderation.reject')}
              </button>
            </div>
            {rejecting && (
              <RejectForm
                key={photo.id}
                title={t('moderation.reject_title')}
                confirmLabel={t('moderation.confirm_reject')}
                reasons={MODERATION_REASONS}
                busy={busy}
                onSubmit={(reason, note) => void decide({ outcome: 'rejected', reason, note })}
                onCancel={() => setRejecting(false)}
              />
            )}
            <div className="moderation-actions">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={index <= 0}
                aria-keyshortcuts="ArrowLeft K"
                onClick={() => move(-1)}
              >
                {t('moderation.previous')}
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={index >= items.length - 1}
                aria-keyshortcuts="ArrowRight J"
                onClick={() => move(1)}
              >
                {t('moderation.next')}
              </button>
            </div>
            <p className="small text-body-secondary mb-0">{t('moderation.shortcuts')}</p>
          </div>
        </div>
      )}
    </>
  );
}
