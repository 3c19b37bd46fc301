import { RegionOptions } from '../../components/ui/region-options.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useCountryName } from '../../lib/use-country-name.ts';
import { useRegions } from '../../lib/use-regions.ts';
import { FieldError, invalidProps } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';

/** Step 2: country from the site's list, the country's regions, and a free city field. */
export function SignupStepLocation({
  draft,
  errors,
  onChange,
  minAge,
  countries,
}: StepProps & { countries: readonly string[] }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const regions = useRegions(draft.country);

  const showRegions = regions.regions.length > 0;
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
          <RegionOptions
            regions={showRegions ? regions.regions : []}
            placeholder={
              regions.status === 'loading' && !showRegions
                ? t('signup.location.region_loading')
                : t('signup.location.choose_region')
            }
          />
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
