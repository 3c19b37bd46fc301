import { type ReactNode, useMemo, useState } from 'react';
import { z } from 'zod';
import {
  ABOUT_ME_MAX,
  type OwnProfile,
  type ProfileUpdate,
  ProfileUpdateSchema,
} from '../../../shared/contracts/profile.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import { dynamicKey } from '../../../shared/i18n/translator.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { RegionOptions } from '../../components/ui/region-options.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useCountryName } from '../../lib/use-country-name.ts';
import { type RegionsSeed, useRegions } from '../../lib/use-regions.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { CheckIcon, PinIcon } from '../members/member-icons.tsx';
import { CityCombobox } from './city-combobox.tsx';
import { InterestChips } from './interest-chips.tsx';
import {
  CHOICE_FIELDS,
  type ChoiceField,
  draftFromProfile,
  type ProfileDraft,
  REQUIRED_CHOICES,
  toggleInterest,
  updateFromDraft,
} from './profile-form-logic.ts';
import { useSaveProfile } from './profile-queries.ts';
import { useGeolocation } from './use-geolocation.ts';

type Props = {
  profile: OwnProfile;
  visible: ReadonlySet<ProfileField>;
  showNotes: boolean;
  /** The countries the site serves (settings.countries). */
  countries: readonly string[];
  onSaved: (profile: OwnProfile) => void;
  /** The id of the heading that names the form. */
  labelledBy?: string;
  /** The regions that came with the page: the select names the saved region from the start. */
  regionsSeed?: RegionsSeed;
};

const EDITABLE_FIELDS = [
  ...Object.keys(CHOICE_FIELDS),
  'country',
  'region',
  'city',
  'about_me',
  'interests',
] as const;

/** Fields with a helper note (settings.visible_profile_notes); the others explain themselves. */
const NOTED_FIELDS: ReadonlySet<string> = new Set([
  'sexuality',
  'region',
  'city',
  'signup_reason',
  'about_me',
  'interests',
]);

type LocationNote = { kind: 'success' | 'info' | 'error'; text: string } | null;

/** Every editable field of the own profile, in the sections a member thinks in. */
export function ProfileForm({
  profile,
  visible,
  showNotes,
  countries,
  onSaved,
  labelledBy,
  regionsSeed,
}: Props) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const saveProfile = useSaveProfile();
  // The shared schema checks what the form would send: the draft as updateFromDraft turns it into a body.
  const schema = useMemo(
    () =>
      z.preprocess(
        (value) => updateFromDraft(value as ProfileDraft, visible, profile.country),
        ProfileUpdateSchema,
      ) as unknown as z.ZodType<ProfileUpdate, ProfileDraft>,
    [visible, profile.country],
  );
  const { form, formRef, onSubmit, fieldError, formError, busy } = useZodForm(schema, {
    defaultValues: draftFromProfile(profile),
    shownFields: EDITABLE_FIELDS,
    vars: { max: ABOUT_ME_MAX },
  });
  const draft = form.watch();
  const [saved, setSaved] = useState(false);
  const [locationNote, setLocationNote] = useState<LocationNote>(null);
  const regions = useRegions(draft.country, regionsSeed);
  const geo = useGeolocation();

  const countryOptions = useMemo(() => {
    const list = countries.includes(profile.country) ? [...countries] : [profile.country, ...countries];
    return list
      .map((code) => ({ code, name: countryName(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [countries, profile.country, countryName, i18n.language]);

  // The inputs are controlled (the region list, the city box and the counters follow them).
  const change = (patch: Partial<ProfileDraft>) => {
    for (const [field, value] of Object.entries(patch)) {
      form.setValue(field as keyof ProfileDraft, value as never, { shouldDirty: true });
    }
    setSaved(false);
  };

  const show = (field: ProfileField) => visible.has(field);
  const hasNote = (field: string) => showNotes && NOTED_FIELDS.has(field);
  const note = (field: string): ReactNode =>
    hasNote(field) ? (
      <div className="form-text" id={`profile-${field}-note`}>
        {t(dynamicKey(`notes.${field}`))}
      </div>
    ) : null;
  const errorOf = (field: string) => fieldError(field as keyof ProfileDraft);
  const describedBy = (field: string) =>
    [errorOf(field) ? `profile-${field}-error` : null, hasNote(field) ? `profile-${field}-note` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const errorText = (field: string) => {
    const text = errorOf(field);
    return text ? (
      <div className="invalid-feedback d-block" id={`profile-${field}-error`}>
        {text}
      </div>
    ) : null;
  };

  const choice = (field: ChoiceField) =>
    show(field) ? (
      <div className="profile-field" key={field}>
        <label className="form-label" htmlFor={`profile-${field}`}>
          {t(`fields.${field}`)}
        </label>
        <select
          id={`profile-${field}`}
          name={field}
          className={`form-select${errorOf(field) ? ' is-invalid' : ''}`}
          value={draft[field]}
          aria-invalid={errorOf(field) ? true : undefined}
          aria-describedby={describedBy(field)}
          onChange={(e) => change({ [field]: e.target.value })}
        >
          {!REQUIRED_CHOICES.has(field) && <option value="">{t('form.not_said')}</option>}
          {CHOICE_FIELDS[field].map((value) => (
            <option key={value} value={value}>
              {t(dynamicKey(`options.${field}.${value}`))}
            </option>
          ))}
        </select>
        {errorText(field)}
        {note(field)}
      </div>
    ) : null;

  const regionName = (code: string) => regions.regions.find((r) => r.code === code)?.name;
  const regionOptions =
    draft.region && !regions.regions.some((r) => r.code === draft.region)
      ? [...regions.regions, { code: draft.region, name: draft.region }]
      : regions.regions;

  const locateMe = async () => {
    setLocationNote(null);
    const result = await geo.locate();
    if (!result.ok) {
      setLocationNote({
        kind: 'error',
        text: result.reason === 'denied' ? t('location.denied') : t('errors.geocode_failed'),
      });
      return;
    }
    const found = result.geocode;
    if (!found.supported || !countryOptions.some((c) => c.code === found.country)) {
      setLocationNote({ kind: 'info', text: t('location.outside', { city: found.city }) });
      return;
    }
    change({ country: found.country, region: found.region ?? '', city: found.city });
    setLocationNote({ kind: 'success', text: t('location.found', { city: found.city }) });
  };

  const send = onSubmit(async (body) => {
    setSaved(false);
    const next = await saveProfile.mutateAsync(body);
    form.reset(draftFromProfile(next));
    setSaved(true);
    onSaved(next);
  });

  const dateOfBirth = useMemo(() => {
    const [y, m, d] = profile.date_of_birth.split('-').map(Number);
    if (!y || !m || !d) return profile.date_of_birth;
    return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
  }, [profile.date_of_birth, i18n.language]);

  const showLocation = show('country') || show('region') || show('city');
  const showLooks = show('hair_color') || show('eye_color') || show('body_type') || show('tattoos');
  const showSearch = show('relationship_status') || show('signup_reason');

  return (
    <form ref={formRef} className="profile-form" onSubmit={send} noValidate aria-labelledby={labelledBy}>
      <FormAlert message={formError} />

      <fieldset className="profile-section profile-section-first">
        <legend className="profile-section-title">{t('sections.basics')}</legend>
        <dl className="profile-fixed">
          <div>
            <dt>{t('fields.name')}</dt>
            <dd>{profile.name}</dd>
          </div>
          {show('age') && (
            <div>
              <dt>{t('fields.date_of_birth')}</dt>
              <dd>
                {dateOfBirth}{' '}
                <span className="text-body-secondary">({t('header.age', { age: profile.age })})</span>
              </dd>
            </div>
          )}
        </dl>
        {showNotes && <p className="form-text profile-fixed-note">{t('notes.fixed')}</p>}
        <div className="profile-grid">
          {choice('gender')}
          {choice('sexuality')}
        </div>
      </fieldset>

      {showLocation && (
        <fieldset className="profile-section">
          <legend className="profile-section-title">{t('sections.location')}</legend>
          <div className="profile-grid">
            {show('country') && (
              <div className="profile-field">
                <label className="form-label" htmlFor="profile-country">
                  {t('fields.country')}
                </label>
                <select
                  id="profile-country"
                  name="country"
                  className={`form-select${errorOf('country') ? ' is-invalid' : ''}`}
                  autoComplete="country"
                  value={draft.country}
                  aria-describedby={describedBy('country')}
                  onChange={(e) => change({ country: e.target.value, region: '', city: '' })}
                >
                  {countryOptions.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
                {errorText('country')}
                {note('country')}
              </div>
            )}
            {show('region') && (
              <div className="profile-field">
                <label className="form-label" htmlFor="profile-region">
                  {t('fields.region')}
                </label>
                <select
                  id="profile-region"
                  name="region"
                  className={`form-select${errorOf('region') ? ' is-invalid' : ''}`}
                  value={draft.region}
                  disabled={regions.status === 'loading' && regionOptions.length === 0}
                  aria-invalid={errorOf('region') ? true : undefined}
                  aria-describedby={describedBy('region')}
                  onChange={(e) => change({ region: e.target.value })}
                >
                  <RegionOptions
                    regions={regionOptions}
                    placeholder={
                      regions.status === 'loading' ? t('location.region_loading') : t('form.not_said')
                    }
                  />
                </select>
                {regions.status === 'failed' && <p className="form-text">{t('location.region_failed')}</p>}
                {errorText('region')}
                {note('region')}
              </div>
            )}
          </div>
          {show('city') && (
            <div className="profile-field">
              <CityCombobox
                id="profile-city"
                label={t('fields.city')}
                value={draft.city}
                country={draft.country}
                region={show('region') ? draft.region : ''}
                placeholder={t('location.city_placeholder')}
                invalid={Boolean(errorOf('city'))}
                describedBy={describedBy('city')}
                countText={(count) => t('location.suggestions', { count })}
                regionName={regionName}
                onChange={(city) => change({ city })}
                onPick={(city) =>
                  change(
                    city.region && show('region')
                      ? { city: city.name, region: city.region }
                      : { city: city.name },
                  )
                }
              />
              {errorText('city')}
              {note('city')}
            </div>
          )}
          {geo.permission !== 'unsupported' && (
            <div className="profile-locate">
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                disabled={geo.busy}
                onClick={() => void locateMe()}
              >
                <PinIcon /> {geo.busy ? t('location.locating') : t('location.use_my_location')}
              </button>
              {geo.permission === 'denied' && !locationNote && (
                <span className="form-text">{t('location.blocked')}</span>
              )}
            </div>
          )}
          <div aria-live="polite">
            {locationNote && (
              <div
                className={`alert alert-${locationNote.kind === 'error' ? 'warning' : locationNote.kind === 'success' ? 'success' : 'info'} profile-location-note`}
                role={locationNote.kind === 'error' ? 'alert' : undefined}
              >
                {locationNote.text}
              </div>
            )}
          </div>
        </fieldset>
      )}

      {showLooks && (
        <fieldset className="profile-section">
          <legend className="profile-section-title">{t('sections.looks')}</legend>
          <div className="profile-grid">
            {choice('hair_color')}
            {choice('eye_color')}
            {choice('body_type')}
            {choice('tattoos')}
          </div>
        </fieldset>
      )}

      {showSearch && (
        <fieldset className="profile-section">
          <legend className="profile-section-title">{t('sections.search')}</legend>
          <div className="profile-grid">
            {choice('relationship_status')}
            {choice('signup_reason')}
          </div>
        </fieldset>
      )}

      {show('about_me') && (
        <div className="profile-section">
          <div className="profile-label-row">
            <label className="form-label profile-section-title" htmlFor="profile-about_me">
              {t('fields.about_me')}
            </label>
            <span className="profile-counter" id="profile-about_me-count">
              {t('form.counter', { count: draft.about_me.length, max: ABOUT_ME_MAX })}
            </span>
          </div>
          <textarea
            id="profile-about_me"
            name="about_me"
            className={`form-control${errorOf('about_me') ? ' is-invalid' : ''}`}
            rows={6}
            maxLength={ABOUT_ME_MAX}
            value={draft.about_me}
            placeholder={t('form.about_me_placeholder')}
            aria-invalid={errorOf('about_me') ? true : undefined}
            aria-describedby={[describedBy('about_me'), 'profile-about_me-count'].filter(Boolean).join(' ')}
            onChange={(e) => change({ about_me: e.target.value })}
          />
          {errorText('about_me')}
          {note('about_me')}
        </div>
      )}

      {show('interests') && (
        <fieldset className="profile-section" aria-describedby={describedBy('interests')}>
          <legend className="profile-section-title">
            {t('fields.interests')}{' '}
            <span className="profile-counter">{t('form.selected', { count: draft.interests.length })}</span>
          </legend>
          {note('interests')}
          <InterestChips
            selected={draft.interests}
            onToggle={(key) => change({ interests: toggleInterest(draft.interests, key) })}
          />
          {errorText('interests')}
        </fieldset>
      )}

      <div className="profile-save-bar">
        <div role="status" className="profile-save-status">
          {saved && (
            <span className="profile-saved">
              <CheckIcon /> {t('form.saved')}
            </span>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          {busy ? t('form.saving') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
