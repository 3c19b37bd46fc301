import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { CardSection } from '../../components/ui/titled-section.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { usePlaceName } from '../../lib/use-country-name.ts';
import { useOwnPhotos } from '../profile/use-own-photos.ts';
import { useSession } from '../session/member-session.tsx';

/**
 * The settings screen's main-image choice (spec §2) and where the member lives. Only public,
 * non-rejected photos can be main: the main photo is on every card (docs/decisions/0008).
 */
export function MainPhotoSection() {
  const { t } = useTranslation();
  const root = useRootData();
  const { user } = useSession();
  const { state, update } = useOwnPhotos();
  const [saved, setSaved] = useState(false);
  // The choice shows at once; the list read back from the server confirms it.
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const placeName = usePlaceName();
  if (!root || !user) return null;
  const cdn = root.settings.cdn_prefix;
  const choices =
    state.status === 'ready' ? state.data.photos.filter((p) => !p.private && p.status !== 'rejected') : [];
  const choose = async (id: number) => {
    setSaved(false);
    setError(undefined);
    setChosen(id);
    try {
      await update(id, { main: true });
      setSaved(true);
    } catch (e) {
      setChosen(null);
      setError(errorText(t, e instanceof ApiError ? e.code : undefined));
    }
  };
  const place = placeName(user.profile.city, user.profile.country);
  return (
    <CardSection titleId="main-photo-h" title={t('account.main_photo_title')}>
      <p className="text-body-secondary">{t('account.main_photo_lead')}</p>
      {saved && (
        <div className="alert alert-success" role="status">
          {t('account.main_photo_saved')}
        </div>
      )}
      <FormAlert message={error} />
      {state.status === 'ready' && choices.length === 0 && (
        <p>
          {t('account.main_photo_none')} <Link to="/profile#photos">{t('account.main_photo_add')}</Link>
        </p>
      )}
      {choices.length > 0 && (
        <fieldset className="main-photo-choices">
          <legend className="visually-hidden">{t('account.main_photo_title')}</legend>
          {choices.map((photo, index) => (
            <label key={photo.id} className="main-photo-choice">
              <input
                type="radio"
                name="main_photo"
                value={photo.id}
                checked={chosen === null ? photo.is_main : chosen === photo.id}
                onChange={() => void choose(photo.id)}
              />
              <img
                src={cdn + photo.thumb_filename}
                alt={t('account.main_photo_label', { number: index + 1 })}
                width={96}
                height={96}
              />
            </label>
          ))}
        </fieldset>
      )}
      <h3 className="h6 mt-3">{t('account.location_title')}</h3>
      <p className="mb-0">
        {place || '—'} · <Link to="/profile#details">{t('account.location_link')}</Link>
      </p>
    </CardSection>
  );
}
