import { useEffect, useMemo, useState } from 'react';
import type { RegionsResponse } from '../../../shared/contracts/site.ts';
import { loadOnce } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { FieldError, invalidProps } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';

type Regions = { code: string; name: string }[];
type RegionState = { country: string; status: 'loading' | 'ready' | 'failed'; regions: Regions };

/** Step 2: country from the site's list, the country's regions, and a free city field. */
export function SignupStepLocation({
  draft,
  errors,
  onChange,
  minAge,
  countries,
}: StepProps & { countries: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const countryName = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [i18n.language]);
  const [regions, setRegions] = useState<RegionState>({ country: '', status: 'loading', regions: [] });

  useEffect(() => {
    const country = draft.country;
    if (!country) return;
    let current = true;
    setRegions({ country, status: 'loading', regions: [] });
    loadOnce<RegionsResponse>(`/api/regions.php?country=${encodeURIComponent(country)}`).then(
      (response) => {
        if (current) setRegions({ country, status: 'ready', regions: response.regions[country] ?? [] });
      },
      () => {
        if (current) setRegions({ country, status: 'failed', regions: [] });
      },
    );
    return () => {
      current = false;
    };
  }, [draft.country]);

  const showRegions = regions.country === draft.country && regions.regions.length > 0;
  return (
    <>
      <div className="mb-3">
        <label className="form-label" htmlFor="signup-country">
          {t('signup.location.country')}
        </label>
        <select
          id="signup-country"
          className={`form-select${errors.country ? ' is-invalid' : ''}`}
          autoComplete="country"
          value={draft.country}
          onChange={(e) => onChange({ country: e.target.value, region: '' })}
          {...invalidProps('country', errors.country)}
        >
          {!draft.country && <option value="">{t('signup.location.choose_country')}</option>}
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
        <FieldError field="country" code={errors.country} minAge={minAge} />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="signup-region">
          {t('signup.location.region')} <span className="optional-mark">{t('signup.optional')}</span>
        </label>
        <select
          id="signup-region"
          className={`form-select${errors.region ? ' is-invalid' : ''}`}
          value={draft.region}
          disabled={!showRegions}
          onChange={(e) => onChange({ region: e.target.value })}
          {...invalidProps('region', errors.region)}
        >
          <option value="">
            {regions.status === 'loading' && !showRegions
              ? t('signup.location.region_loading')
              : t('signup.location.choose_region')}
          </option>
          {showRegions &&
            regions.regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
        </select>
        {regions.status === 'failed' && <p className="form-text">{t('signup.location.region_failed')}</p>}
        <FieldError field="region" code={errors.region} minAge={minAge} />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="signup-city">
          {t('signup.location.city')} <span className="optional-mark">{t('signup.optional')}</span>
        </label>
        <input
          id="signup-city"
          className={`form-control${errors.city ? ' is-invalid' : ''}`}
          autoComplete="address-level2"
          maxLength={100}
          value={draft.city}
          placeholder={t('signup.location.city_placeholder')}
          onChange={(e) => onChange({ city: e.target.value })}
          {...invalidProps('city', errors.city)}
        />
        <FieldError field="city" code={errors.city} minAge={minAge} />
      </div>
      <p className="form-text mb-0">{t('signup.location.privacy')}</p>
    </>
  );
}
