import { CountryOptions } from '../../components/ui/country-options.tsx';
import { RegionOptions } from '../../components/ui/region-options.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRegions } from '../../lib/use-regions.ts';
import { SignupField } from './signup-field.tsx';
import { controlProps, FieldError } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';
import { useDraftField } from './use-draft-field.ts';

/** Step 2: country from the site's list, the country's regions, and a free city field. */
export function SignupStepLocation({
  control,
  fieldError,
  countries,
}: StepProps & { countries: readonly string[] }) {
  const { t } = useTranslation();
  const country = useDraftField(control, 'country');
  const region = useDraftField(control, 'region');
  const city = useDraftField(control, 'city');
  const regions = useRegions(country.value);
  const errors = { country: fieldError('country'), region: fieldError('region'), city: fieldError('city') };

  const showRegions = regions.regions.length > 0;
  return (
    <>
      <SignupField id="signup-country" label={t('signup.location.country')}>
        <select
          id="signup-country"
          autoComplete="country"
          {...country}
          onChange={(e) => {
            country.onChange(e);
            region.onChange('');
          }}
          {...controlProps('country', errors.country, 'form-select')}
        >
          <CountryOptions
            codes={countries}
            placeholder={country.value ? undefined : t('signup.location.choose_country')}
          />
        </select>
        <FieldError field="country" text={errors.country} />
      </SignupField>
      <SignupField id="signup-region" label={t('signup.location.region')} optional>
        <select
          id="signup-region"
          {...region}
          disabled={!showRegions}
          {...controlProps('region', errors.region, 'form-select')}
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
        <FieldError field="region" text={errors.region} />
      </SignupField>
      <SignupField id="signup-city" label={t('signup.location.city')} optional>
        <input
          id="signup-city"
          autoComplete="address-level2"
          maxLength={100}
          {...city}
          placeholder={t('signup.location.city_placeholder')}
          {...controlProps('city', errors.city, 'form-control')}
        />
        <FieldError field="city" text={errors.city} />
      </SignupField>
      <p className="form-text mb-0">{t('signup.location.privacy')}</p>
    </>
  );
}
