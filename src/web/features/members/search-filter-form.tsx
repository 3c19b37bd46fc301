import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SearchFilterFormSchema } from '../../../shared/contracts/members.ts';
import { GENDERS } from '../../../shared/profile-options.ts';
import { CountryOptions } from '../../components/ui/country-options.tsx';
import { RegionOptions } from '../../components/ui/region-options.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { type RegionsSeed, useRegions } from '../../lib/use-regions.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { ageOptions, draftFromFilters, offeredFilters, type SearchFilters } from './search-filters.ts';

type Props = {
  filters: SearchFilters;
  /** settings.search_fields: the filters this site offers. */
  offered: readonly string[];
  countries: readonly string[];
  minAge: number;
  busy: boolean;
  /** Shown when the filters differ from the member's defaults. */
  canClear: boolean;
  /** The address of the member's default search (a link, so clearing works without JavaScript). */
  clearTo: string;
  /** The regions of the searched country, rendered by the server so the select works without JavaScript. */
  regionsSeed?: RegionsSeed;
  onSearch: (filters: SearchFilters) => void;
};

/** The form's fixed id: the toggle without JavaScript is a link to it, which CSS unfolds by :target. */
const SEARCH_FILTERS_ID = 'search-filters';

/**
 * The search filters. Without JavaScript the form is a plain GET to /members with the API's
 * parameter names, which the page reads the same way; on phones its toggle is then a link to the
 * form (unfolded by :target), its regions come with the page, and clearing is a link.
 */
export function SearchFilterForm({
  filters,
  offered,
  countries,
  minAge,
  busy,
  canClear,
  clearTo,
  regionsSeed,
  onSearch,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  // The selects' values with the page too (defaultValue): without JavaScript the GET form sends them.
  const [draft] = useState(() => draftFromFilters(filters));
  const { form, formRef, onSubmit, fieldError, formError } = useZodForm(SearchFilterFormSchema, {
    defaultValues: draft,
    shownFields: ['max_age'],
  });
  const country = form.watch('country');
  const region = form.watch('countryregion');
  const error = fieldError('max_age');
  // Phones see the results first: the filters fold open on demand (CSS folds them below 768 px only).
  const [expanded, setExpanded] = useState(false);
  const active = Object.values(filters).filter((v) => v !== undefined && v !== '').length;
  const regions = useRegions(country, regionsSeed);
  const offers = (field: string) => offered.includes(field);
  const ages = ageOptions(minAge);
  const showRegions = Boolean(country) && regions.status === 'ready' && regions.regions.length > 0;
  const submit = onSubmit((values) => onSearch(offeredFilters(values, offered)));

  return (
    <search aria-label={t('search.filters_title')}>
      <a
        // A link, so it unfolds the form without JavaScript too (see the CSS); with it, a toggle.
        href={`#${SEARCH_FILTERS_ID}`}
        className="btn btn-outline-primary search-filters-toggle"
        aria-expanded={expanded}
        aria-controls={SEARCH_FILTERS_ID}
        onClick={(event) => {
          event.preventDefault();
          setExpanded((e) => !e);
        }}
      >
        {t('search.filters_toggle', { count: active })}
      </a>
      <form
        id={SEARCH_FILTERS_ID}
        className={`search-filters card card-body shadow-sm${expanded ? '' : ' is-folded'}`}
        method="get"
        action="/members"
        ref={formRef}
        onSubmit={submit}
        noValidate
      >
        {formError && (
          <p className="alert alert-danger" role="alert">
            {formError}
          </p>
        )}
        <div className="search-filter-fields">
          {offers('gender') && (
            <div className="search-filter">
              <label className="form-label" htmlFor={`${id}-gender`}>
                {t('search.gender')}
              </label>
              <select
                id={`${id}-gender`}
                className="form-select"
                defaultValue={draft.gender}
                {...form.register('gender')}
              >
                <option value="">{t('search.gender_any')}</option>
                {GENDERS.map((gender) => (
                  <option key={gender} value={gender}>
                    {t(`search.gender_${gender}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {offers('country') && (
            <div className="search-filter">
              <label className="form-label" htmlFor={`${id}-country`}>
                {t('search.country')}
              </label>
              <select
                id={`${id}-country`}
                className="form-select"
                autoComplete="off"
                defaultValue={draft.country}
                {...form.register('country', { onChange: () => form.setValue('countryregion', '') })}
              >
                <CountryOptions codes={countries} placeholder={t('search.country_any')} />
              </select>
            </div>
          )}
          {offers('countryregion') && offers('country') && (
            <div className="search-filter search-filter-region">
              <label className="form-label" htmlFor={`${id}-region`}>
                {t('search.region')}
              </label>
              <select
                id={`${id}-region`}
                className="form-select"
                {...form.register('countryregion')}
                // Its options come with the country: the value follows them rather than the DOM's.
                value={showRegions ? region : ''}
                disabled={!showRegions}
              >
                <RegionOptions
                  regions={showRegions ? regions.regions : []}
                  placeholder={
                    country && regions.status === 'loading'
                      ? t('search.region_loading')
                      : t('search.region_any')
                  }
                />
              </select>
              {regions.status === 'failed' && <p className="form-text mb-0">{t('search.region_failed')}</p>}
            </div>
          )}
          {(offers('min_age') || offers('max_age')) && (
            <fieldset className="search-filter search-filter-age">
              <legend className="form-label">{t('search.age')}</legend>
              <div className="search-age-range">
                {offers('min_age') && (
                  <>
                    <label className="visually-hidden" htmlFor={`${id}-min-age`}>
                      {t('search.min_age')}
                    </label>
                    <select
                      id={`${id}-min-age`}
                      className={`form-select${error ? ' is-invalid' : ''}`}
                      defaultValue={draft.min_age}
                      aria-describedby={error ? `${id}-age-error` : undefined}
                      {...form.register('min_age', { deps: ['max_age'] })}
                    >
                      <option value="">{t('search.age_from_any')}</option>
                      {ages.map((age) => (
                        <option key={age} value={age}>
                          {t('search.age_from', { age })}
                        </option>
                      ))}
                    </select>
                  </>
                )}
                {offers('max_age') && (
                  <>
                    <label className="visually-hidden" htmlFor={`${id}-max-age`}>
                      {t('search.max_age')}
                    </label>
                    <select
                      id={`${id}-max-age`}
                      className={`form-select${error ? ' is-invalid' : ''}`}
                      defaultValue={draft.max_age}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-age-error` : undefined}
                      {...form.register('max_age')}
                    >
                      <option value="">{t('search.age_to_any')}</option>
                      {ages.map((age) => (
                        <option key={age} value={age}>
                          {t('search.age_to', { age })}
                        </option>
                      ))}
                    </select>
                  </>
                )}
              </div>
              {error && (
                <p id={`${id}-age-error`} className="invalid-feedback d-block mb-0" role="alert">
                  {error}
                </p>
              )}
            </fieldset>
          )}
        </div>
        <div className="search-filter-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('search.submit')}
          </button>
          {canClear && (
            <Link
              to={clearTo}
              preventScrollReset
              className={`btn btn-outline-secondary${busy ? ' disabled' : ''}`}
              aria-disabled={busy || undefined}
            >
              {t('search.clear')}
            </Link>
          )}
        </div>
      </form>
    </search>
  );
}
