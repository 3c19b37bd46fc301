import { useRef, useState } from 'react';
import type { FictionalProfileDetail } from '../../../shared/contracts/fictional-profiles.ts';
import { PHOTO_ACCEPT } from '../../../shared/contracts/photos.ts';
import { TitledSection } from '../../components/ui/titled-section.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { AdminActionButton, useAdminAction } from '../admin/admin-action.tsx';
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
  const [notice, setNotice] = useState<AdminNoticeValue | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const action = useAdminAction(setNotice);
  // Each call answers with the profile as it is now.
  const change = (call: () => Promise<{ profile: FictionalProfileDetail }>) => async () =>
    onChanged((await call()).profile);

  const upload = (file: File) => {
    const body = new FormData();
    body.set('photo', file);
    void action
      .run(
        change(() =>
          adminRequest(`/api/admin/fictional-profile-photos.php?id=${profile.id}`, { method: 'POST', body }),
        ),
        t('fictional.uploaded'),
      )
      .finally(() => {
        if (fileInput.current) fileInput.current.value = '';
      });
  };

  return (
    <TitledSection
      className="admin-panel"
      titleId="fictional-photos-title"
      titleClassName="h4"
      title={t('fictional.photos_title')}
    >
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
                  <AdminActionButton
                    className="btn btn-sm btn-outline-primary"
                    action={action}
                    call={change(() =>
                      adminRequest(`/api/admin/fictional-profile-photo.php?id=${photo.id}`, {
                        method: 'PUT',
                        body: { main: true },
                      }),
                    )}
                    success={t('fictional.main_done')}
                  >
                    {t('fictional.make_main')}
                  </AdminActionButton>
                )}
                <AdminActionButton
                  className="btn btn-sm btn-outline-danger"
                  aria-label={`${t('fictional.delete')}: ${t('fictional.photo_alt', { number: index + 1, name: profile.name })}`}
                  action={action}
                  call={change(() =>
                    adminRequest(`/api/admin/fictional-profile-photo.php?id=${photo.id}`, {
                      method: 'DELETE',
                    }),
                  )}
                  success={t('fictional.deleted')}
                  confirm={{
                    title: t('fictional.confirm_delete_title'),
                    text: t('fictional.confirm_delete_text'),
                    cancel: t('fictional.cancel'),
                  }}
                >
                  {t('fictional.delete')}
                </AdminActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {profile.photos.length < profile.photo_limit && (
        <div className="mt-3">
          <label className="form-label" htmlFor="fictional-photo-upload">
            {action.busy ? t('fictional.uploading') : t('fictional.upload')}
          </label>
          <input
            ref={fileInput}
            id="fictional-photo-upload"
            type="file"
            className="form-control"
            accept={PHOTO_ACCEPT.join(',')}
            disabled={action.busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload(file);
            }}
          />
        </div>
      )}
    </TitledSection>
  );
}
