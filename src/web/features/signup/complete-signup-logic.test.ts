import { describe, expect, it } from 'vitest';
import { makeCompleteSignupSchema, SIGNUP_PARTS, type User } from '../../../shared/contracts/auth.ts';
import { sexualityFor } from '../../../shared/profile-options.ts';
import {
  completionDraft,
  seekingOf,
  toCompletionInput,
  validateCompletion,
} from './complete-signup-logic.ts';

const user = {
  email: 'entry@example.nl',
  signup_missing: [...SIGNUP_PARTS],
  profile: { name: '', gender: 'male', sexuality: 'hetero', country: 'BE' },
} as unknown as User;
const missing = [...SIGNUP_PARTS];
const schema = makeCompleteSignupSchema({
  minAge: 18,
  email: user.email,
  missing,
  today: () => new Date(Date.UTC(2026, 5, 1)),
});

describe('complete-signup form logic', () => {
  it('starts from what the entry asked: e-mail, who you are and seek, the country', () => {
    const draft = completionDraft(user, ['NL', 'BE']);
    expect(draft).toMatchObject({
      email: 'entry@example.nl',
      gender: 'male',
      seeking: 'female',
      country: 'BE',
    });
    expect(completionDraft(user, ['NL']).country).toBe('NL');
  });

  it('seekingOf is the inverse of sexualityFor', () => {
    for (const gender of ['male', 'female'] as const)
      for (const seeking of ['male', 'female', 'both'] as const) {
        const sexuality = sexualityFor(gender, seeking);
        if (sexuality) expect(seekingOf(gender, sexuality)).toBe(seeking);
      }
  });

  it('sends only the fields of the missing parts', () => {
    const draft = { ...completionDraft(user, ['NL']), name: 'Jan', password: 'x', city: ' Gent ' };
    expect(Object.keys(toCompletionInput(draft, ['name', 'location']))).toEqual([
      'name',
      'country',
      'region',
      'city',
    ]);
    expect(toCompletionInput(draft, ['location']).city).toBe('Gent');
  });

  it('shows the sign-up codes per field, and the date prompt for an unfinished date', () => {
    const draft = {
      ...completionDraft(user, ['NL']),
      name: '@jan',
      password: 'entry-secret',
      birth_day: '4',
    };
    const result = validateCompletion(schema, draft, missing);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      name: 'name_starts_with_at',
      date_of_birth: 'date_of_birth_min_age',
    });
    const good = {
      ...draft,
      name: 'Jan',
      birth_month: '5',
      birth_year: '1990',
      password: 'Zonnebloem-2026!',
    };
    const ok = validateCompletion(schema, good, missing);
    expect(ok).toEqual({
      ok: true,
      input: {
        name: 'Jan',
        date_of_birth: '1990-05-04',
        country: 'NL',
        region: null,
        city: null,
        password: 'Zonnebloem-2026!',
      },
    });
  });

  it('checks the password against the e-mail address it cannot see in the form', () => {
    const draft = {
      ...completionDraft(user, ['NL']),
      name: 'Jan',
      birth_day: '4',
      birth_month: '5',
      birth_year: '1990',
      password: 'entry-2026-XY',
    };
    const result = validateCompletion(schema, draft, missing);
    expect(result.ok ? undefined : result.errors.password).toBe('password_contains_name');
  });
});
