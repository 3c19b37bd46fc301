import { useState } from 'react';
import type { FictionalProfileDetail } from '../../../shared/contracts/fictional-profiles.ts';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import { dynamicKey } from '../../../shared/i18n/translator.ts';
import type { InterestKey } from '../../../shared/interests.ts';
import { COUNTRIES } from '../../../shared/limits.ts';
import { PROFILE_CHOICES } from '../../../shared/profile-options.ts';
import { CountryOptions } from '../../components/ui/country-options.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField, FormSelect, FormTextarea } from '../../components/ui/form-field.tsx';
import { RegionOptions } from '../../components/ui/region-options.tsx';
import {
  type ApiFormErrors,
  fieldErrorText,
  formErrorText,
  readApiError,
} from '../../lib/api-form-errors.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { type RegionsSeed, useRegions } from '../../lib/use-regions.ts';
import { InterestChips } from '../profile/interest-chips.tsx';
import { toggleInterest } from '../profile/profile-form-logic.ts';

type ChoiceField = keyof typeof PROFILE_CHOICES;
const CHOICE_FIELDS = Object.keys(PROFILE_CHOICES) as ChoiceField[];
/** Answered for every profile, as at a member's sign-up; the others may stay "not said". */
const REQUIRED: ReadonlySet<ChoiceField> = new Set(['gender', 'sexuality']);

const FORM_FIELDS = [
  'name',
  'date_of_birth',
  'language',
  ...CHOICE_FIELDS,
  'country',
  'region',
  'city',
  'about_me',
] as const;

/** Texts sent as typed, empty too: the server's refusal names what is wrong (too short, no date). */
const REQUIRED_TEXTS: ReadonlySet<string> = new Set(['name', 'date_of_birth']);

/** What the create and edit calls take: the form's texts and choices, and the interests chosen. */
export type FictionalProfileBody = Record<(typeof FORM_FIELDS)[number], string | null> & {
  interests: string[];
};

/** The body the create and edit calls take: empty optional fields are null ("not said"). */
function bodyOf(form: HTMLFormElement): FictionalProfileBody {
  const values = new FormData(form);
  const body: Partial<FictionalProfileBody> = {};
  for (const field of FORM_FIELDS) {
    const value = String(values.get(field) ?? '').trim();
    body[field] = value === '' && !REQUIRED_TEXTS.has(field) ? null : value;
  }
  // Always sent, none too: unticking the last one is a change to save.
  return { ...(body as FictionalProfileBody), interests: values.getAll('interests').map(String) };
}

type Props = {
  /** The profile being edited; none for a new one. */
  profile?: FictionalProfileDetail;
  regionsSeed: RegionsSeed;
  submitLabel: string;
  /** Sends the form's body; a refusal comes back as the thrown ApiError. */
  onSubmit: (body: FictionalProfileBody) => Promise<void>;
};

/**
 * A fictional profile's fields, with a member's profile's labels and options (the profile page
 * texts): what the server checks by the member's own rules, its refusals under each field.
 */
export function FictionalProfileForm({ profile, regionsSeed, submitLabel, onSubmit }: Props) {
  const { t, i18n } = useTranslation();
  const [country, setCountry] = useState<string>(profile?.country ?? regionsSeed.country);
  const regions = useRegions(country, regionsSeed);
  const [errors, setErrors] = useState<ApiFormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const [interests, setInterests] = useState<InterestKey[]>(profile?.interests ?? []);
  const error = (field: string) => {
    const code = errors.fields[field];
    return code ? fieldErrorText(t, code) : undefined;
  };
  /** A field of the form's two columns: its id, its name in the body and its refusal by the field. */
  const cell = (field: string) => ({
    id: `fp-${field}`,
    name: field,
    className: 'col-sm-6',
    error: error(field),
  });
  const errorLine = (field: string) =>
    error(field) ? (
      <div className="invalid-feedback d-block" id={`fp-${field}-error`}>
        {error(field)}
      </div>
    ) : null;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(bodyOf(event.currentTarget));
      setErrors({ fields: {} });
    } catch (caught) {
      setErrors(readApiError(caught, [...FORM_FIELDS, 'interests']));
    } finally {
      setBusy(false);
    }
  };

  const select = (
    field: string,
    label: string,
    options: { value: string; label: string }[],
    value?: string,
  ) => (
    // Keyed by its field: the choice fields' selects are made in a list.
    <FormSelect key={field} {...cell(field)} label={label} defaultValue={value ?? ''}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormSelect>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="admin-fictional-form">
      <FormAlert message={errors.form ? formErrorText(t, errors.form, errors.form.vars) : undefined} />
      <div className="row">
        <FormField {...cell('name')} label={t('fields.name')} defaultValue={profile?.name} required />
        <FormField
          {...cell('date_of_birth')}
          type="date"
          label={t('fields.date_of_birth')}
          defaultValue={profile?.date_of_birth}
          required
        />
        {select(
          'language',
          t('fictional.language'),
          LOCALES.map((locale) => ({
            value: locale,
            label: new Intl.DisplayNames([i18n.language], { type: 'language' }).of(locale) ?? locale,
          })),
          profile?.language ?? 'nl',
        )}
        {CHOICE_FIELDS.map((field) =>
          select(
            field,
            t(dynamicKey(`fields.${field}`)),
            [
              ...(REQUIRED.has(field) && profile
                ? []
                : [{ value: '', label: REQUIRED.has(field) ? t('fictional.choose') : t('form.not_said') }]),
              ...PROFILE_CHOICES[field].map((key) => ({
                value: key,
                label: t(dynamicKey(`options.${field}.${key}`)),
              })),
            ],
            profile?.[field] ?? '',
          ),
        )}
        <FormSelect
          {...cell('country')}
          label={t('fields.country')}
          value={country}
          onChange={(event) => setCountry(event.target.value)}
        >
          <CountryOptions codes={COUNTRIES} />
        </FormSelect>
        <FormSelect
          // A new list of regions for each country: the choice starts empty again.
          key={country}
          {...cell('region')}
          label={t('fields.region')}
          defaultValue={country === profile?.country ? (profile.region ?? '') : ''}
        >
          <RegionOptions regions={regions.regions} placeholder={t('fictional.no_region')} />
        </FormSelect>
        <FormField {...cell('city')} label={t('fields.city')} defaultValue={profile?.city ?? ''} />
      </div>
      <FormTextarea
        id="fp-about_me"
        name="about_me"
        rows={5}
        label={t('fields.about_me')}
        defaultValue={profile?.about_me ?? ''}
        error={error('about_me')}
      />
      {/* The member's own picker: the same chips, labels and keys as on a member's profile page. */}
      <fieldset className="mb-3" aria-describedby={error('interests') ? 'fp-interests-error' : undefined}>
        <legend className="form-label fs-6">
          {t('fields.interests')}{' '}
          <span className="text-body-secondary">{t('form.selected', { count: interests.length })}</span>
        </legend>
        <InterestChips
          idPrefix="fp-interest"
          selected={interests}
          onToggle={(key) => setInterests((current) => toggleInterest(current, key))}
        />
        {errorLine('interests')}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('fictional.saving') : submitLabel}
      </button>
    </form>
  );
}
