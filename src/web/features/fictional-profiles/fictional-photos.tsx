import { useRef, useState } from 'react';
import type { FictionalProfileDetail } from '../../../shared/contracts/fictional-profiles.ts';
import { PHOTO_ACCEPT } from '../../../shared/contracts/photos.ts';
import { formErrorText, readApiError } from '../../lib/api-form-errors.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { adminRequest } from '../admin/admin-api.ts';
import { AdminNotice, type AdminNoticeValue } from '../admin/admin-notice.tsx';

const imageUrl = (photoId: number) => `/api/admin/fictional-profile-photo-image.php?id=${photoId}&size=thumb`;

/**
 * The profile's photos: upload (the members' pipeline, approved at once), make main, delete. Each
 * call answers with the profile as it is now, which replaces the page's copy.
 */
export function FictionalPhotos({
  profile,
  onChanged,
}: {
  profile: FictionalProfileDetail;
  onChanged: (profile: FictionalProfileDetail) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<AdminNoticeValue | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = async (call: () => Promise<{ profile: FictionalProfileDetail }>, success: string) => {
    setBusy(true);
    try {
      onChanged((await call()).profile);
      setNotice({ kind: 'success', text: success });
    } catch (error) {
      const { form } = readApiError(error, []);
      setNotice({ kind: 'error', text: form ? formErrorText(t, form, form.vars) : t('errors.general') });
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File) => {
    const body = new FormData();
    body.set('photo', file);
    void run(
      () =>
        adminRequest(`/api/admin/fictional-profile-photos.php?id=${profile.id}`, { method: 'POST', body }),
      t('fictional.uploaded'),
    ).finally(() => {
      if (fileInput.current) fileInput.current.value = '';
    });
  };

  return (
    <section className="admin-panel" aria-labelledby="fictional-photos-title">
      <h2 className="h4" id="fictional-photos-title">
        {t('fictional.photos_title')}
      </h2>
      <p className="mb-2">
        {t('fictional.photo_count', { count: profile.photos.length, max: profile.photo_limit })} ·{' '}
        {t('fictional.photo_hint')}
      </p>
      <AdminNotice notice={notice} />
      {profile.photos.length === 0 ? (
        <p>{t('fictional.no_photos')}</p>
      ) : (
        <ul className="admin-fictional-photos">
          {profile.photos.map((photo, index) => (
            <li key={photo.id} data-testid={`fictional-photo-${photo.id}`}>
              <img
                src={imageUrl(photo.id)}
                alt={t('fictional.photo_alt', { number: index + 1, name: profile.name })}
                width={160}
                height={200}
              />
              <div className="admin-actions">
                {photo.is_main ? (
                  <span className="admin-fictional-main">{t('fictional.main')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () =>
                          adminRequest(`/api/admin/fictional-profile-photo.php?id=${photo.id}`, {
                            method: 'PUT',
                            body: { main: true },
                          }),
                        t('fictional.main_done'),
                      )
                    }
                  >
                    {t('fictional.make_main')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  disabled={busy}
                  aria-label={`${t('fictional.delete')}: ${t('fictional.photo_alt', { number: index + 1, name: profile.name })}`}
                  onClick={() =>
                    void run(
                      () =>
                        adminRequest(`/api/admin/fictional-profile-photo.php?id=${photo.id}`, {
                          method: 'DELETE',
                        }),
                      t('fictional.deleted'),
                    )
                  }
                >
                  {t('fictional.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {profile.photos.length < profile.photo_limit && (
        <div className="mt-3">
          <label className="form-label" htmlFor="fictional-photo-upload">
            {busy ? t('fictional.uploading') : t('fictional.upload')}
          </label>
          <input
            ref={fileInput}
            id="fictional-photo-upload"
            type="file"
            className="form-control"
            accept={PHOTO_ACCEPT.join(',')}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload(file);
            }}
          />
        </div>
      )}
    </section>
  );
}
