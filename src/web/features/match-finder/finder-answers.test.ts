import { describe, expect, it } from 'vitest';
import { FINDER_MAX_INTERESTS, type FinderAnswers } from '../../../shared/contracts/match-finder.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import {
  answersFromParams,
  answersToParams,
  canAskRegion,
  defaultAnswers,
  finderAgeOptions,
  finderApiUrl,
  finderSteps,
  firstStepWithError,
} from './finder-answers.ts';

const ALL_FIELDS: ProfileField[] = ['age', 'gender', 'country', 'region', 'city', 'interests'];
const user = (
  overrides: Partial<{
    gender: 'male' | 'female';
    sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
    age: number;
    region: string | null;
  }> = {},
) => ({
  profile: {
    id: 1,
    name: 'Sanne',
    age: 30,
    date_of_birth: '1996-04-12',
    gender: 'female' as const,
    sexuality: 'hetero' as const,
    country: 'NL',
    region: 'NL-UT' as string | null,
    city: null,
    main_image: null,
    ...overrides,
  },
});
const options = { siteMinAge: 18, visibleFields: ALL_FIELDS };

describe('defaultAnswers', () => {
  it('starts from what the profile says: the gender sought, ages around one’s own, the region, own interests', () => {
    expect(defaultAnswers(user(), ['wine', 'hiking', 'knitting'], options)).toEqual({
      gender: 'male',
      min_age: 24,
      max_age: 36,
      distance: 'region',
      // In the order of the list, unknown keys left out.
      interests: ['hiking', 'wine'],
    });
  });

  it('asks for both genders for a bi member and the own gender for a lesbian one', () => {
    expect(defaultAnswers(user({ sexuality: 'bi' }), [], options).gender).toBe('');
    expect(defaultAnswers(user({ sexuality: 'lesbian' }), [], options).gender).toBe('female');
  });

  it('keeps the ages within the site’s minimum and the API’s maximum', () => {
    expect(defaultAnswers(user({ age: 19 }), [], { ...options, siteMinAge: 18 })).toMatchObject({
      min_age: 18,
      max_age: 25,
    });
    expect(defaultAnswers(user({ age: 19 }), [], { ...options, siteMinAge: 21 }).min_age).toBe(21);
    expect(defaultAnswers(user({ age: 97 }), [], options)).toMatchObject({ min_age: 91, max_age: 99 });
  });

  it('looks in the country without a region, or where the site hides regions', () => {
    expect(defaultAnswers(user({ region: null }), [], options).distance).toBe('country');
    const noRegions = { ...options, visibleFields: ALL_FIELDS.filter((f) => f !== 'region') };
    expect(defaultAnswers(user(), [], noRegions).distance).toBe('country');
    expect(canAskRegion(user(), noRegions.visibleFields)).toBe(false);
  });

  it('takes at most FINDER_MAX_INTERESTS own interests, and none where the site hides interests', () => {
    const many = [
      'relationship',
      'kissing',
      'hugging',
      'gym',
      'sports',
      'dancing',
      'music',
      'movies',
      'art',
      'tea',
      'beer',
      'wine',
    ];
    expect(defaultAnswers(user(), many, options).interests).toHaveLength(FINDER_MAX_INTERESTS);
    const hidden = { ...options, visibleFields: ALL_FIELDS.filter((f) => f !== 'interests') };
    expect(defaultAnswers(user(), many, hidden).interests).toEqual([]);
    expect(finderSteps(hidden.visibleFields)).toEqual(['who', 'age', 'distance']);
    expect(finderSteps(ALL_FIELDS)).toEqual(['who', 'age', 'distance', 'interests']);
  });
});

describe('answers in the URL', () => {
  const answers: FinderAnswers = {
    gender: 'female',
    min_age: 30,
    max_age: 40,
    distance: 'country',
    interests: ['hiking', 'wine'],
  };

  it('round-trips through the query string the API reads', () => {
    const params = answersToParams(answers);
    expect(params.toString()).toBe(
      'gender=female&min_age=30&max_age=40&distance=country&interests=hiking%2Cwine',
    );
    expect(answersFromParams(params)).toEqual(answers);
    expect(finderApiUrl(answers)).toBe(`/api/match-finder.php?${params}`);
    const both = { ...answers, gender: '' as const, interests: [] };
    expect(answersToParams(both).toString()).toBe('gender=&min_age=30&max_age=40&distance=country');
    expect(answersFromParams(answersToParams(both))).toEqual(both);
  });

  it('holds no answers without parameters, and none the API would refuse', () => {
    expect(answersFromParams(new URLSearchParams())).toBeNull();
    expect(answersFromParams(new URLSearchParams('utm_source=mail'))).toBeNull();
    expect(
      answersFromParams(new URLSearchParams('gender=female&min_age=40&max_age=30&distance=country')),
    ).toBeNull();
    expect(answersFromParams(new URLSearchParams('min_age=30&max_age=40&distance=moon'))).toBeNull();
    expect(
      answersFromParams(new URLSearchParams('min_age=30&max_age=40&distance=region&interests=x')),
    ).toBeNull();
  });
});

describe('steps', () => {
  it('offers the ages from the site’s minimum to 99', () => {
    expect(finderAgeOptions(21)[0]).toBe(21);
    expect(finderAgeOptions(10)[0]).toBe(18);
    expect(finderAgeOptions(21).at(-1)).toBe(99);
  });

  it('finds the first step with an error', () => {
    const steps = finderSteps(ALL_FIELDS);
    expect(firstStepWithError(steps, ['interests', 'max_age'])).toBe('age');
    expect(firstStepWithError(steps, ['distance'])).toBe('distance');
    expect(firstStepWithError(steps, [])).toBeUndefined();
  });
});
