import { describe, expect, it } from 'vitest';
import { ProfileFieldSchema } from '../../../shared/contracts/settings.ts';
import { mainPhoto, placeLine, profileDetails, profileHighlights, stepPhoto } from './member-details.ts';

const ALL = ProfileFieldSchema.options;
const member = {
  gender: 'female' as const,
  sexuality: 'hetero' as const,
  hair_color: 'blonde',
  eye_color: null,
  body_type: 'slim',
  relationship_status: 'single',
  tattoos: null,
  signup_reason: 'relationship',
};
const names = {
  country: (code: string) => ({ NL: 'Nederland' })[code] ?? code,
  region: (code: string) => ({ 'NL-UT': 'Utrecht', 'NL-NH': 'Noord-Holland' })[code],
};

describe('profile facts', () => {
  it('shows only fields with a value, in a fixed order', () => {
    expect(profileDetails(member, ALL).map((f) => f.field)).toEqual([
      'gender',
      'sexuality',
      'hair_color',
      'body_type',
      'relationship_status',
      'signup_reason',
    ]);
  });

  it('leaves out what visible_profile_fields hides', () => {
    const visible = ALL.filter((f) => f !== 'hair_color' && f !== 'sexuality');
    expect(profileDetails(member, visible).map((f) => f.field)).not.toContain('hair_color');
    expect(profileHighlights(member, visible)).toEqual([
      { field: 'relationship_status', value: 'single' },
      { field: 'signup_reason', value: 'relationship' },
      { field: 'body_type', value: 'slim' },
    ]);
  });
});

describe('placeLine', () => {
  it('joins city, region name and country name', () => {
    expect(placeLine({ city: 'Amersfoort', region: 'NL-UT', country: 'NL' }, ALL, names)).toBe(
      'Amersfoort, Utrecht, Nederland',
    );
  });

  it('does not repeat a city named like its region, and skips unknown or hidden parts', () => {
    expect(placeLine({ city: 'Utrecht', region: 'NL-UT', country: 'NL' }, ALL, names)).toBe(
      'Utrecht, Nederland',
    );
    expect(placeLine({ city: null, region: 'NL-XX', country: 'NL' }, ALL, names)).toBe('Nederland');
    expect(placeLine({ city: 'Haarlem', region: 'NL-NH', country: 'NL' }, ['country'], names)).toBe(
      'Nederland',
    );
  });
});

describe('photos', () => {
  it('steps round the ends', () => {
    expect(stepPhoto(0, 1, 3)).toBe(1);
    expect(stepPhoto(2, 1, 3)).toBe(0);
    expect(stepPhoto(0, -1, 3)).toBe(2);
    expect(stepPhoto(0, 1, 0)).toBe(0);
  });

  it('takes the first photo as the main one', () => {
    expect(mainPhoto([])).toBeUndefined();
  });
});
