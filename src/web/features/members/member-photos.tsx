import { useState } from 'react';
import type { MemberPhoto, MemberProfile } from '../../../shared/contracts/members.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { LoginRequiredModal } from './login-required-modal.tsx';
import { LockIcon } from './member-icons.tsx';
import { PhotoViewer } from './photo-viewer.tsx';
import { PremiumUpsell } from './premium-upsell.tsx';

type Props = { member: MemberProfile; cdnPrefix: string; loggedIn: boolean };

/**
 * The main photo, the thumbnails and the viewer. A locked photo arrives as its blurred variant
 * only (the server never sends the real address); it shows behind a lock and opens the premium
 * upsell, or for a visitor the request to log in.
 */
export function MemberPhotos({ member, cdnPrefix, loggedIn }: Props) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const [upsell, setUpsell] = useState(false);
  const [loginAsked, setLoginAsked] = useState(false);
  const { photos, name } = member;
  const visible = photos.filter((p) => !p.locked);
  const count = photos.length;

  const open = (photo: MemberPhoto) => {
    if (!photo.locked) setViewing(visible.indexOf(photo));
    else if (loggedIn) setUpsell(true);
    else setLoginAsked(true);
  };
  const label = (photo: MemberPhoto, index: number) =>
    photo.locked
      ? t('member_view.locked_photo', { index: index + 1, count })
      : t('member_view.open_photo', { index: index + 1, count });

  const main = photos[0];
  return (
    <div className="member-photos">
      {main ? (
        <button
          type="button"
          className={`member-main-photo${main.locked ? ' is-locked' : ''}`}
          onClick={() => open(main)}
          aria-label={label(main, 0)}
        >
          <img
            src={`${cdnPrefix}${main.filename}`}
            alt=""
            width={main.width}
            height={main.height}
            fetchPriority="high"
          />
          {main.locked && (
            <span className="photo-lock" aria-hidden="true">
              <LockIcon size={40} />
            </span>
          )}
        </button>
      ) : (
        <div className="member-main-photo member-no-photo">
          <span className="member-no-photo-initial" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <p className="mb-0">{t('member_view.no_photo', { name })}</p>
        </div>
      )}
      {count > 1 && (
        <ul className="member-thumbs">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className={`member-thumb${photo.locked ? ' is-locked' : ''}`}
                onClick={() => open(photo)}
                aria-label={label(photo, index)}
              >
                <img
                  src={`${cdnPrefix}${photo.thumb_filename}`}
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                />
                {photo.locked && (
                  <span className="photo-lock" aria-hidden="true">
                    <LockIcon size={22} />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {member.locked_photos > 0 && (
        <p className="member-locked-note">
          <LockIcon size={16} /> {t('member_view.locked_count', { count: member.locked_photos })}{' '}
          <button
            type="button"
            className="member-locked-link"
            onClick={() => (loggedIn ? setUpsell(true) : setLoginAsked(true))}
          >
            {loggedIn ? t('member_view.unlock_photos') : t('member_view.login_photos')}
          </button>
        </p>
      )}
      <PhotoViewer
        photos={visible}
        index={viewing}
        name={name}
        cdnPrefix={cdnPrefix}
        onIndex={setViewing}
        onClose={() => setViewing(null)}
      />
      <PremiumUpsell open={upsell} name={name} onClose={() => setUpsell(false)} />
      <LoginRequiredModal
        reason={loginAsked ? 'photos' : null}
        name={name}
        onClose={() => setLoginAsked(false)}
      />
    </div>
  );
}
