import { Link } from 'react-router';
import type { OwnPhoto } from '../../../shared/contracts/photos.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useCountryName } from '../../lib/use-country-name.ts';
import { type RegionsSeed, useRegions } from '../../lib/use-regions.ts';
import { PinIcon } from '../members/member-icons.tsx';
import { placeLine } from './profile-form-logic.ts';

type Props = {
  id: number;
  name: string;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  paidUser: boolean;
  mainPhoto: OwnPhoto | null;
  cdnPrefix: string;
  showAge: boolean;
  /** The regions that came with the page, for the region's name. */
  regionsSeed?: RegionsSeed;
};

/** Who the member is to others: main photo, name, age and place, and a way to see it as they do. */
export function ProfileHeader({
  id,
  name,
  age,
  country,
  region,
  city,
  paidUser,
  mainPhoto,
  cdnPrefix,
  showAge,
  regionsSeed,
}: Props) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const regions = useRegions(country, regionsSeed);
  const regionName = region ? (regions.regions.find((r) => r.code === region)?.name ?? null) : null;
  const place = placeLine([city, regionName, countryName(country)]);
  return (
    <header className="profile-header">
      <div className="profile-header-banner" aria-hidden="true" />
      <div className="profile-header-body">
        {/* Named by what it shows and where it goes, not an aria-label over "Add photo" (WCAG 2.5.3). */}
        <a href="#photos" className="profile-avatar">
          {mainPhoto ? (
            <img
              src={`${cdnPrefix}${mainPhoto.filename}`}
              alt={t('header.photo_alt', { name })}
              width={mainPhoto.width}
              height={mainPhoto.height}
            />
          ) : (
            <span className="profile-avatar-placeholder">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="56" height="56" fill="currentColor">
                <circle cx="12" cy="8.5" r="4.5" />
                <path d="M3.5 21c.8-4.4 4.3-7 8.5-7s7.7 2.6 8.5 7z" />
              </svg>
              <span className="profile-avatar-add">{t('header.add_photo')}</span>
            </span>
          )}
          <span className="visually-hidden"> {t('header.photo_link')}</span>
        </a>
        <div className="profile-identity">
          <h1 className="profile-name">
            {name}
            {showAge && <span className="profile-age">, {age}</span>}
          </h1>
          {place && (
            <p className="profile-place">
              <PinIcon />
              {place}
            </p>
          )}
          {paidUser && <span className="photo-badge photo-badge-premium-member">{t('header.premium')}</span>}
        </div>
        <div className="profile-header-actions">
          <Link to={`/members/${id}`} className="btn btn-outline-primary">
            {t('header.view_public')}
          </Link>
        </div>
      </div>
    </header>
  );
}
