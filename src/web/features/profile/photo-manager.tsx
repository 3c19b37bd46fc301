import { type ChangeEvent, type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OwnPhoto } from '../../../shared/contracts/photos.ts';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { FormCheck } from '../../components/ui/form-check.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { PercentBar } from '../../components/ui/percent-bar.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import {
  checkPhotoFile,
  PHOTO_ACCEPT_ATTRIBUTE,
  photoBadges,
  photoErrorText,
  photoErrorVars,
  photoQuota,
} from './photo-rules.ts';
import type { useOwnPhotos } from './use-own-photos.ts';

type Props = {
  photos: ReturnType<typeof useOwnPhotos>;
  cdnPrefix: string;
  paidUser: boolean;
  csrfToken: string | undefined;
  /** After any change: the session's main image (navigation, alerts) follows. */
  onChanged: () => void;
};

type Upload = { current: number; total: number; percent: number; phase: 'sending' | 'processing' };
type Feedback = { kind: 'success' | 'error'; text: string } | null;

/** An action of a photo's menu: choosing it closes the menu first, as a menu does. */
function PhotoMenuItem({
  close,
  onSelect,
  disabled,
  className,
  children,
}: {
  close: () => void;
  onSelect: () => void;
  disabled: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        className={`dropdown-item${className ? ` ${className}` : ''}`}
        disabled={disabled}
        onClick={() => {
          close();
          onSelect();
        }}
      >
        {children}
      </button>
    </li>
  );
}

/** The member's photos: a grid with status badges and actions, and uploads with progress. */
export function PhotoManager({ photos, cdnPrefix, paidUser, csrfToken, onChanged }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const privateId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [makePrivate, setMakePrivate] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<{ photo: OwnPhoto; number: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  const { state } = photos;
  if (state.status !== 'ready') {
    return (
      <div className="photo-manager-status">
        {state.status === 'loading' ? (
          <p className="text-body-secondary" role="status">
            {t('photos.loading')}
          </p>
        ) : (
          <div className="alert alert-warning d-flex align-items-center gap-2 flex-wrap" role="alert">
            {t('photos.load_failed')}
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => void photos.reload()}
            >
              {t('form.retry')}
            </button>
          </div>
        )}
      </div>
    );
  }

  const { data } = state;
  const quota = photoQuota(data.photos.length, data.limit, data.premium_limit, paidUser);
  const uploading = upload !== null;

  const uploadFiles = async (files: File[]) => {
    if (files.length === 0 || uploading) return;
    setFeedback(null);
    const chosen = files.slice(0, quota.remaining);
    let added = 0;
    let failure: string | null = null;
    for (const [index, file] of chosen.entries()) {
      const problem = checkPhotoFile(file);
      if (problem) {
        failure = errorText(t, problem, { vars: photoErrorVars() });
        continue;
      }
      setUpload({ current: index + 1, total: chosen.length, percent: 0, phase: 'sending' });
      try {
        await photos.upload({
          file,
          makePrivate,
          csrfToken,
          onProgress: (fraction) =>
            setUpload({
              current: index + 1,
              total: chosen.length,
              percent: Math.round(fraction * 100),
              // Sent is not done: the server still checks and resizes the photo.
              phase: fraction >= 1 ? 'processing' : 'sending',
            }),
        });
        added += 1;
      } catch (error) {
        failure = photoErrorText(t, error);
        if (error instanceof ApiError && error.code === 'photo_limit_reached') break;
      }
    }
    setUpload(null);
    if (added > 0) {
      await photos.uploaded();
      onChanged();
    }
    if (failure) setFeedback({ kind: 'error', text: failure });
    else if (files.length > chosen.length)
      setFeedback({ kind: 'error', text: t('errors.photo_limit_reached', { limit: data.limit }) });
    else if (added > 0)
      setFeedback({
        kind: 'success',
        text: t('photos.uploaded', { count: added }),
      });
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again after an error fires a change again.
    event.target.value = '';
    void uploadFiles(files);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void uploadFiles(Array.from(event.dataTransfer.files));
  };

  const act = async (photo: OwnPhoto, change: { private?: boolean; main?: true }, done: string) => {
    setBusyId(photo.id);
    setFeedback(null);
    try {
      await photos.update(photo.id, change);
      setFeedback({ kind: 'success', text: done });
      onChanged();
    } catch (error) {
      setFeedback({ kind: 'error', text: photoErrorText(t, error) });
    } finally {
      setBusyId(null);
    }
  };

  const remove = async () => {
    if (!confirm) return;
    const { photo } = confirm;
    setConfirm(null);
    setBusyId(photo.id);
    setFeedback(null);
    try {
      await photos.remove(photo.id);
      setFeedback({ kind: 'success', text: t('photos.deleted') });
      onChanged();
    } catch (error) {
      setFeedback({ kind: 'error', text: photoErrorText(t, error) });
    } finally {
      setBusyId(null);
    }
  };

  const usedPercent = Math.min(100, Math.round((quota.count / Math.max(1, quota.limit)) * 100));
  return (
    <div className="photo-manager">
      <div className="photo-quota">
        <span className="photo-quota-text">
          {t('photos.count', { count: quota.count, limit: quota.limit })}
        </span>
        <span className="photo-quota-meter" aria-hidden="true">
          <span style={{ width: `${usedPercent}%` }} />
        </span>
      </div>

      {data.photos.length === 0 && <p className="photo-empty">{t('photos.empty')}</p>}

      <ul className="photo-grid">
        {data.photos.map((photo, index) => {
          const number = index + 1;
          const busy = busyId === photo.id;
          const canBeMain = !photo.is_main && !photo.private && photo.status === 'approved';
          return (
            <li
              key={photo.id}
              className={`photo-tile${photo.is_main ? ' photo-tile-main' : ''}`}
              aria-busy={busy || undefined}
            >
              <div className="photo-frame">
                <img
                  src={`${cdnPrefix}${photo.thumb_filename}`}
                  srcSet={`${cdnPrefix}${photo.thumb_filename} 200w, ${cdnPrefix}${photo.filename} 600w`}
                  sizes="(min-width: 992px) 180px, 45vw"
                  alt={t('photos.photo_alt', { number })}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                />
                {photo.is_main && <span className="photo-main-flag">{t('photos.status.main')}</span>}
              </div>
              <div className="photo-tile-footer">
                <ul className="photo-badges" aria-label={t('photos.status_label')}>
                  {photoBadges(photo).map((badge) => (
                    <li key={badge.key} className={`photo-badge photo-badge-${badge.variant}`}>
                      {t(`photos.status.${badge.key}`)}
                    </li>
                  ))}
                </ul>
                {photo.status === 'rejected' && photo.rejection_reason && (
                  <p className="photo-rejection">
                    {t(`moderation_reasons.${photo.rejection_reason}`)}
                    {photo.rejection_note && (
                      <span className="photo-rejection-note">{photo.rejection_note}</span>
                    )}
                  </p>
                )}
                <Dropdown
                  label={<DotsIcon />}
                  hiddenLabel={t('photos.actions', { number })}
                  buttonClassName="btn btn-sm btn-light photo-menu-button"
                >
                  {(close) => (
                    <>
                      {canBeMain && (
                        <PhotoMenuItem
                          disabled={busy}
                          close={close}
                          onSelect={() => void act(photo, { main: true }, t('photos.main_set'))}
                        >
                          {t('photos.make_main')}
                        </PhotoMenuItem>
                      )}
                      <PhotoMenuItem
                        disabled={busy}
                        close={close}
                        onSelect={() =>
                          void act(
                            photo,
                            { private: !photo.private },
                            t(photo.private ? 'photos.made_public' : 'photos.made_private'),
                          )
                        }
                      >
                        {t(photo.private ? 'photos.make_public' : 'photos.make_private')}
                      </PhotoMenuItem>
                      <PhotoMenuItem
                        className="photo-menu-danger"
                        disabled={busy}
                        close={close}
                        onSelect={() => setConfirm({ photo, number })}
                      >
                        {t('photos.delete')}
                      </PhotoMenuItem>
                    </>
                  )}
                </Dropdown>
              </div>
            </li>
          );
        })}
        {!quota.atLimit && (
          <li className="photo-tile photo-tile-add">
            <label
              htmlFor={inputId}
              className={`photo-add${dragging ? ' photo-add-dragging' : ''}${uploading ? ' photo-add-busy' : ''}`}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <PlusIcon />
              <span className="photo-add-title">{t('photos.add')}</span>
              <span className="photo-add-hint">{t('photos.drop')}</span>
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              className="visually-hidden photo-input"
              accept={PHOTO_ACCEPT_ATTRIBUTE}
              multiple={quota.remaining > 1}
              disabled={uploading}
              aria-describedby={`${inputId}-formats`}
              onChange={onPick}
            />
          </li>
        )}
      </ul>

      {!quota.atLimit && (
        <div className="photo-upload-options">
          <p className="form-text mb-0" id={`${inputId}-formats`}>
            {t('photos.formats', photoErrorVars())}
          </p>
          <FormCheck
            type="checkbox"
            id={privateId}
            label={t('photos.private_upload')}
            checked={makePrivate}
            onChange={(e) => setMakePrivate(e.target.checked)}
          />
        </div>
      )}

      {upload && (
        <div className="photo-progress">
          <div className="photo-progress-label">
            {upload.phase === 'processing'
              ? t('photos.processing')
              : t('photos.uploading', { current: upload.current, total: upload.total })}
            <span>{upload.percent}%</span>
          </div>
          <PercentBar
            className="photo-progress-track"
            label={t('photos.progress_label')}
            percent={upload.percent}
          />
        </div>
      )}

      {/* Phase changes only: a screen reader reading every percent would drown the page. */}
      <div className="visually-hidden" aria-live="polite">
        {upload
          ? upload.phase === 'processing'
            ? t('photos.processing')
            : t('photos.uploading', { current: upload.current, total: upload.total })
          : ''}
      </div>
      <div role="status" className="photo-feedback">
        {feedback?.kind === 'success' && <p className="photo-feedback-success">{feedback.text}</p>}
      </div>
      {feedback?.kind === 'error' && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {feedback.text}
        </div>
      )}

      {quota.atLimit && (
        <div className="photo-limit" role="status">
          <p className="mb-0">
            <strong>{t('photos.limit_reached', { limit: quota.limit })}</strong>
          </p>
          {quota.showUpsell ? (
            <div className="photo-upsell">
              <PremiumIcon />
              <div>
                <p className="photo-upsell-title">{t('photos.upsell_title')}</p>
                <p className="mb-0">{t('photos.upsell', { premium_limit: data.premium_limit })}</p>
              </div>
              <Link to="/premium" className="btn btn-primary">
                {t('photos.upsell_action')}
              </Link>
            </div>
          ) : (
            <p className="form-text mb-0">{t('photos.limit_hint')}</p>
          )}
        </div>
      )}

      <p className="form-text photo-private-note">{t('photos.private_note')}</p>

      <Modal
        open={confirm !== null}
        className="photo-delete-dialog"
        title={t('photos.delete_title')}
        closeLabel={t('photos.cancel')}
        onClose={() => setConfirm(null)}
        cancelInFooter
        footer={
          <button type="button" className="btn btn-danger" onClick={() => void remove()}>
            {t('photos.delete_confirm')}
          </button>
        }
      >
        {confirm && (
          <div className="photo-delete-preview">
            <img
              src={`${cdnPrefix}${confirm.photo.thumb_filename}`}
              alt={t('photos.photo_alt', { number: confirm.number })}
              width={96}
              height={120}
            />
            <p className="mb-0">
              {t(confirm.photo.is_main ? 'photos.delete_text_main' : 'photos.delete_text')}
            </p>
          </div>
        )}
      </Modal>
    </div>
  );
}

function DotsIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg
      aria-hidden="true"
      width="32"
      height="32"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v8M8 12h8" />
    </svg>
  );
}

function PremiumIcon() {
  return (
    <svg
      aria-hidden="true"
      className="photo-upsell-icon"
      width="36"
      height="36"
      viewBox="0 0 24 24"
      fill="currentColor"
    >
      <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 11H5L3 7zm2 13h14v2H5v-2z" />
    </svg>
  );
}
