import { describe, expect, it } from 'vitest';
import { makeSignupSchema } from '../../../shared/contracts/auth.ts';
import { sexualityFor, soughtGenders } from '../../../shared/profile-options.ts';
import {
  birthYears,
  clearTouchedErrors,
  composeBirthDate,
  emptyDraft,
  LATER_STEP_STAND_INS,
  mapServerFieldErrors,
  passwordRules,
  type SignupDraft,
  stepOfField,
  toSignupInput,
  validateAll,
  validateStep,
} from './signup-steps.ts';

const today = () => new Date(Date.UTC(2026, 5, 1));
const schema = makeSignupSchema(18, today);

const complete: SignupDraft = {
  ...emptyDraft('NL'),
  gender: 'female',
  seeking: 'male',
  birth_day: '14',
  birth_month: '2',
  birth_year: '1991',
  region: 'UT',
  city: ' Utrecht ',
  name: 'Anna',
  email: ' Anna@Example.org ',
  password: 'Zonnebloem-2026',
  accept_terms: true,
};

describe('sexualityFor', () => {
  it('derives the stored sexuality from "I am" and "looking for"', () => {
    expect(sexualityFor('female', 'male')).toBe('hetero');
    expect(sexualityFor('male', 'female')).toBe('hetero');
    expect(sexualityFor('male', 'male')).toBe('gay');
    expect(sexualityFor('female', 'female')).toBe('lesbian');
    expect(sexualityFor('male', 'both')).toBe('bi');
    expect(sexualityFor('', 'male')).toBeUndefined();
    expect(sexualityFor('female', '')).toBeUndefined();
  });

  it('is the inverse of soughtGenders', () => {
    expect(soughtGenders('female', 'hetero')).toEqual(['male']);
    expect(soughtGenders('male', 'gay')).toEqual(['male']);
    expect(soughtGenders('female', 'lesbian')).toEqual(['female']);
    expect(soughtGenders('female', 'bi')).toEqual(['male', 'female']);
  });
});

describe('composeBirthDate', () => {
  it('pads the parts and waits until all three are chosen', () => {
    expect(composeBirthDate('3', '7', '1990')).toBe('1990-07-03');
    expect(composeBirthDate('3', '', '1990')).toBe('');
  });
});

describe('validateStep', () => {
  it('uses stand-ins that pass the whole schema together', () => {
    expect(schema.safeParse(LATER_STEP_STAND_INS).success).toBe(true);
  });

  it('asks for gender and whom the member seeks on step 0', () => {
    expect(validateStep(schema, 0, emptyDraft('NL'))).toEqual({
      gender: 'gender_required',
      sexuality: 'sexuality_required',
    });
    expect(validateStep(schema, 0, { ...emptyDraft('NL'), gender: 'male', seeking: 'both' })).toEqual({});
  });

  it('does not report fields of later steps the member has not seen', () => {
    const errors = validateStep(schema, 0, { ...emptyDraft('NL'), gender: 'male', seeking: 'female' });
    expect(errors).toEqual({});
  });

  it('prompts for an unfinished date of birth with the minimum age', () => {
    expect(validateStep(schema, 1, { ...complete, birth_year: '' })).toEqual({
      date_of_birth: 'date_of_birth_min_age',
    });
  });

  it('rejects a date that does not exist and a member who is too young', () => {
    expect(validateStep(schema, 1, { ...complete, birth_day: '31', birth_month: '2' })).toEqual({
      date_of_birth: 'invalid_date_of_birth',
    });
    // 18 on 2 June 2026: one day short on 1 June. The later steps are still empty, which must not
    // keep the schema's age check (a refinement over the whole object) from running.
    const early = { ...emptyDraft('NL'), gender: 'male' as const, seeking: 'female' as const };
    expect(
      validateStep(schema, 1, { ...early, birth_day: '2', birth_month: '6', birth_year: '2008' }),
    ).toEqual({
      date_of_birth: 'date_of_birth_min_age',
    });
    expect(
      validateStep(schema, 1, { ...early, birth_day: '1', birth_month: '6', birth_year: '1900' }),
    ).toEqual({
      date_of_birth: 'invalid_date_of_birth',
    });
    expect(
      validateStep(schema, 1, { ...complete, birth_day: '1', birth_month: '6', birth_year: '2008' }),
    ).toEqual({});
  });

  it('requires a country on step 2; region and city are optional', () => {
    expect(validateStep(schema, 2, { ...complete, country: '' })).toEqual({ country: 'country_required' });
    expect(validateStep(schema, 2, { ...complete, region: '', city: '' })).toEqual({});
  });

  it('checks the username and e-mail on step 3, including the cross-field rule', () => {
    expect(validateStep(schema, 3, { ...complete, email: 'anna@example' })).toEqual({
      email: 'invalid_email',
    });
    expect(validateStep(schema, 3, { ...complete, name: '@anna' })).toEqual({ name: 'name_starts_with_at' });
    expect(validateStep(schema, 3, { ...complete, name: 'an' })).toEqual({ name: 'name_too_short' });
    expect(validateStep(schema, 3, complete)).toEqual({});
  });

  it('checks the password against name and e-mail, and the terms, on step 4', () => {
    expect(validateStep(schema, 4, { ...complete, password: 'short', accept_terms: false })).toEqual({
      password: 'password_too_short',
      accept_terms: 'accept_terms_required',
    });
    expect(validateStep(schema, 4, { ...complete, password: 'anna12345' })).toEqual({
      password: 'password_contains_name',
    });
    expect(validateStep(schema, 4, { ...complete, password: 'wachtwoord' })).toEqual({
      password: 'password_too_common',
    });
    expect(validateStep(schema, 4, { ...complete, signup_message: 'x'.repeat(501) })).toEqual({
      signup_message: 'signup_message_too_long',
    });
  });
});

describe('validateAll', () => {
  it('returns the trimmed body for POST /api/signup.php', () => {
    const result = validateAll(schema, complete);
    expect(result).toEqual({
      ok: true,
      input: {
        gender: 'female',
        sexuality: 'hetero',
        date_of_birth: '1991-02-14',
        country: 'NL',
        region: 'UT',
        city: 'Utrecht',
        name: 'Anna',
        email: 'anna@example.org',
        password: 'Zonnebloem-2026',
        accept_terms: true,
        signup_message: null,
      },
    });
  });

  it('points at the earliest step with an error', () => {
    const result = validateAll(schema, { ...complete, birth_year: '', password: 'x' });
    expect(result).toEqual({ ok: false, step: 1, errors: { date_of_birth: 'date_of_birth_min_age' } });
  });

  it('sends empty optional texts as null', () => {
    const input = toSignupInput({ ...complete, city: '  ', region: '', signup_message: ' ' });
    expect(input).toMatchObject({ city: null, region: null, signup_message: null });
  });
});

describe('mapServerFieldErrors', () => {
  it('maps field codes back to the earliest step', () => {
    expect(
      mapServerFieldErrors({
        password: ['password_too_common'],
        email: ['email_disposable'],
        name: ['name_taken'],
      }),
    ).toEqual({
      step: 3,
      errors: { password: 'password_too_common', email: 'email_disposable', name: 'name_taken' },
      general: undefined,
    });
  });

  it('keeps unknown fields and non-code messages out of the field errors', () => {
    expect(mapServerFieldErrors({ _: ['whatever'], gender: ['Invalid input: expected string'] })).toEqual({
      step: 0,
      errors: { gender: 'invalid_field' },
      general: 'whatever',
    });
    expect(mapServerFieldErrors({ toString: ['x y'] })).toEqual({
      step: 4,
      errors: {},
      general: 'invalid_request',
    });
  });

  it('knows every field of the form', () => {
    expect(stepOfField('sexuality')).toBe(0);
    expect(stepOfField('city')).toBe(2);
    expect(stepOfField('accept_terms')).toBe(4);
  });
});

describe('passwordRules', () => {
  it('keeps the name and common rules pending until the password is long enough', () => {
    expect(passwordRules('', 'anna@example.org', 'Anna')).toMatchObject({
      length: 'pending',
      personal: 'pending',
      common: 'pending',
    });
    expect(passwordRules('abc', 'anna@example.org', 'Anna')).toMatchObject({
      length: 'fail',
      personal: 'pending',
    });
  });

  it('fails the personal rule and caps the strength for a password with the name', () => {
    const rules = passwordRules('Anna-2026!xyz', 'anna@example.org', 'Anna');
    expect(rules).toMatchObject({ length: 'ok', personal: 'fail', common: 'ok' });
    expect(rules.strength).toBeLessThanOrEqual(1);
  });

  it('passes a good password with its full strength', () => {
    expect(passwordRules('Zonnebloem-2026', 'anna@example.org', 'Anna')).toEqual({
      length: 'ok',
      personal: 'ok',
      common: 'ok',
      strength: 4,
    });
  });
});

describe('birthYears', () => {
  it('lists the years from the youngest allowed age back', () => {
    const years = birthYears(new Date(2026, 5, 1), 18);
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1926);
  });
});

describe('clearTouchedErrors', () => {
  it('drops the errors of the fields a change touches and keeps the others', () => {
    const errors = { name: 'name_too_short', date_of_birth: 'invalid_date_of_birth' } as const;
    expect(clearTouchedErrors(errors, { birth_day: '4' })).toEqual({ name: 'name_too_short' });
    expect(clearTouchedErrors(errors, { seeking: 'male' })).toBe(errors);
  });
});
