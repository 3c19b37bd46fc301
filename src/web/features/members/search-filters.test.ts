import { describe, expect, it } from 'vitest';
import { SearchFilterFormSchema } from '../../../shared/contracts/members.ts';
import {
  ageOptions,
  defaultFilters,
  draftFromFilters,
  filtersFromParams,
  filtersToParams,
  hasFilterParams,
  offeredFilters,
  sameFilters,
  searchApiUrl,
} from './search-filters.ts';

const ALL = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];
const params = (query: string) => new URLSearchParams(query);
const member = (gender: 'male' | 'female', sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi') => ({
  profile: {
    id: 1,
    name: 'Sanne',
    age: 30,
    date_of_birth: '1994-04-12',
    gender,
    sexuality,
    country: 'NL',
    region: null,
    city: null,
    main_image: null,
  },
});

describe('filtersFromParams', () => {
  it('reads every offered filter under the API names', () => {
    expect(
      filtersFromParams(params('gender=female&country=NL&countryregion=NL-NH&min_age=25&max_age=40'), ALL),
    ).toEqual({ gender: 'female', country: 'NL', countryregion: 'NL-NH', min_age: 25, max_age: 40 });
  });

  it('ignores fields the site does not offer', () => {
    expect(filtersFromParams(params('gender=female&country=NL&min_age=25'), ['gender'])).toEqual({
      gender: 'female',
    });
  });

  it('leaves out values the API would refuse instead of breaking the page', () => {
    expect(
      filtersFromParams(params('gender=robot&country=XX&countryregion=nonsense&min_age=12&max_age=abc'), ALL),
    ).toEqual({});
    expect(filtersFromParams(params('min_age=100&max_age=1e2'), ALL)).toEqual({});
  });

  it('takes the country from a region and drops a region of another country', () => {
    expect(filtersFromParams(params('countryregion=BE-VAN'), ALL)).toEqual({
      country: 'BE',
      countryregion: 'BE-VAN',
    });
    expect(filtersFromParams(params('country=NL&countryregion=BE-VAN'), ALL)).toEqual({ country: 'NL' });
  });

  it('drops the maximum of a reversed age range', () => {
    expect(filtersFromParams(params('min_age=40&max_age=30'), ALL)).toEqual({ min_age: 40 });
    expect(filtersFromParams(params('min_age=30&max_age=30'), ALL)).toEqual({ min_age: 30, max_age: 30 });
  });
});

describe('filtersToParams', () => {
  it('writes the filters in a fixed order, without empty ones', () => {
    expect(filtersToParams({ max_age: 40, gender: 'male', country: 'DE' }).toString()).toBe(
      'gender=male&country=DE&max_age=40',
    );
    expect(filtersToParams({}).toString()).toBe('');
  });

  it('writes a cleared default as an empty key so the default does not come back', () => {
    const query = filtersToParams({ country: 'NL' }, { gender: 'female' });
    expect(query.toString()).toBe('gender=&country=NL');
    expect(hasFilterParams(query)).toBe(true);
    expect(filtersFromParams(query, ALL)).toEqual({ country: 'NL' });
  });

  it('round-trips through the URL', () => {
    const filters = {
      gender: 'female',
      country: 'NL',
      countryregion: 'NL-UT',
      min_age: 30,
      max_age: 45,
    } as const;
    expect(filtersFromParams(filtersToParams(filters), ALL)).toEqual(filters);
  });
});

describe('hasFilterParams', () => {
  it('is false for a bare /members and for unrelated parameters', () => {
    expect(hasFilterParams(params(''))).toBe(false);
    expect(hasFilterParams(params('t=30&lb=1'))).toBe(false);
    expect(hasFilterParams(params('min_age=30'))).toBe(true);
  });
});

describe('defaultFilters', () => {
  it('looks for the gender the member seeks, in their own country', () => {
    expect(defaultFilters(member('female', 'hetero'), ALL)).toEqual({ gender: 'male', country: 'NL' });
    expect(defaultFilters(member('male', 'hetero'), ALL)).toEqual({ gender: 'female', country: 'NL' });
    expect(defaultFilters(member('male', 'gay'), ALL)).toEqual({ gender: 'male', country: 'NL' });
    expect(defaultFilters(member('female', 'lesbian'), ALL)).toEqual({ gender: 'female', country: 'NL' });
  });

  it('has no gender for bi members, nothing for visitors, and only what the site offers', () => {
    expect(defaultFilters(member('female', 'bi'), ALL)).toEqual({ country: 'NL' });
    expect(defaultFilters(null, ALL)).toEqual({});
    expect(defaultFilters(member('female', 'hetero'), ['country'])).toEqual({ country: 'NL' });
    expect(defaultFilters(member('female', 'hetero'), ['gender'])).toEqual({ gender: 'male' });
    // A country the search does not know (an old row) is left out.
    const elsewhere = member('female', 'hetero');
    elsewhere.profile.country = 'XX';
    expect(defaultFilters(elsewhere, ALL)).toEqual({ gender: 'male' });
  });
});

describe('the filter form', () => {
  it('turns filters into select values and back', () => {
    const filters = { gender: 'male', country: 'NL', min_age: 25 } as const;
    const draft = draftFromFilters(filters);
    expect(draft).toEqual({ gender: 'male', country: 'NL', countryregion: '', min_age: '25', max_age: '' });
    expect(offeredFilters(SearchFilterFormSchema.parse(draft), ALL)).toEqual(filters);
  });

  it('refuses a reversed age range with the shared validation text', () => {
    const draft = { gender: '', country: '', countryregion: '', min_age: '50', max_age: '30' };
    expect(SearchFilterFormSchema.safeParse(draft).error?.issues).toMatchObject([
      { path: ['max_age'], message: 'age_range_invalid' },
    ]);
  });

  it('offers ages from the site minimum to 99', () => {
    expect(ageOptions(18)[0]).toBe(18);
    expect(ageOptions(21)[0]).toBe(21);
    expect(ageOptions(16)[0]).toBe(18);
    expect(ageOptions(18).at(-1)).toBe(99);
  });
});

describe('searchApiUrl and sameFilters', () => {
  it('asks the API for the next page of the same search', () => {
    expect(searchApiUrl({ gender: 'female', min_age: 30 }, 'abc')).toBe(
      '/api/members.php?gender=female&min_age=30&cursor=abc',
    );
    expect(searchApiUrl({})).toBe('/api/members.php');
  });

  it('compares filters by value', () => {
    expect(sameFilters({ gender: 'male' }, { gender: 'male' })).toBe(true);
    expect(sameFilters({ gender: 'male' }, {})).toBe(false);
  });
});
