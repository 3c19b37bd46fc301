import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '../../../shared/contracts/profile.ts';
import { ProfileFieldSchema } from '../../../shared/contracts/settings.ts';
import {
  draftFromProfile,
  placeLine,
  profileCompleteness,
  toggleInterest,
  updateFromDraft,
  visibleFieldSet,
} from './profile-form-logic.ts';

const profile: OwnProfile = {
  id: 7,
  name: 'Sanne',
  age: 31,
  date_of_birth: '1994-04-12',
  gender: 'female',
  sexuality: 'hetero',
  country: 'NL',
  region: 'NL-UT',
  city: 'Utrecht',
  hair_color: 'blonde',
  eye_color: null,
  body_type: null,
  relationship_status: 'single',
  tattoos: null,
  signup_reason: null,
  about_me: 'Hoi',
  interests: ['music', 'travelling'],
  main_photo_id: null,
};
const all = visibleFieldSet(ProfileFieldSchema.options);

describe('draftFromProfile / updateFromDraft', () => {
  it('round-trips a profile unchanged', () => {
    expect(updateFromDraft(draftFromProfile(profile), all, 'NL')).toEqual({
      gender: 'female',
      sexuality: 'hetero',
      hair_color: 'blonde',
      eye_color: null,
      body_type: null,
      relationship_status: 'single',
      tattoos: null,
      signup_reason: null,
      country: 'NL',
      region: 'NL-UT',
      city: 'Utrecht',
      about_me: 'Hoi',
      interests: ['music', 'travelling'],
    });
  });
  it('turns empty answers into null and trims texts', () => {
    const draft = {
      ...draftFromProfile(profile),
      hair_color: '',
      city: '  ',
      about_me: '  Hallo!  ',
      region: '',
    };
    expect(updateFromDraft(draft, all)).toMatchObject({
      hair_color: null,
      city: null,
      about_me: 'Hallo!',
      region: null,
    });
  });
  it('never sends an empty gender or sexuality', () => {
    const body = updateFromDraft({ ...draftFromProfile(profile), gender: '', sexuality: '' }, all);
    expect(body).not.toHaveProperty('gender');
    expect(body).not.toHaveProperty('sexuality');
  });
  it('sends only the fields the operator shows, so hidden ones keep their stored value', () => {
    const body = updateFromDraft(draftFromProfile(profile), visibleFieldSet(['age', 'about_me', 'tattoos']));
    expect(body).toEqual({ about_me: 'Hoi', tattoos: null });
  });
  it('clears a hidden region when the country changes', () => {
    const draft = { ...draftFromProfile(profile), country: 'BE' };
    expect(updateFromDraft(draft, visibleFieldSet(['country']), 'NL')).toEqual({
      country: 'BE',
      region: null,
    });
    expect(updateFromDraft(draftFromProfile(profile), visibleFieldSet(['country']), 'NL')).toEqual({
      country: 'NL',
    });
  });
  it('ignores unknown field names in the settings', () => {
    expect(updateFromDraft(draftFromProfile(profile), visibleFieldSet(['shoe_size']))).toEqual({});
  });
});

describe('toggleInterest', () => {
  it('adds and removes a key without touching the others', () => {
    expect(toggleInterest(['music'], 'beach')).toEqual(['music', 'beach']);
    expect(toggleInterest(['music', 'beach'], 'music')).toEqual(['beach']);
  });
});

describe('placeLine', () => {
  it('joins what is known and drops repeats (Utrecht, Utrecht)', () => {
    expect(placeLine(['Utrecht', 'Utrecht', 'Nederland'])).toBe('Utrecht, Nederland');
    expect(placeLine([null, undefined, ' ', 'Nederland'])).toBe('Nederland');
  });
});

describe('profileCompleteness', () => {
  it('counts a photo and every optional answer shown', () => {
    // profile has region, city, hair colour, relationship status, about me and interests: 6 of 10, no photo.
    expect(profileCompleteness(profile, false, all)).toEqual({
      percent: 55,
      missing: ['photos', 'eye_color', 'body_type', 'tattoos', 'signup_reason'],
    });
    expect(profileCompleteness(profile, true, all).percent).toBe(64);
  });
  it('leaves hidden fields out and is 100 when all is given', () => {
    expect(profileCompleteness(profile, true, visibleFieldSet(['city', 'about_me']))).toEqual({
      percent: 100,
      missing: [],
    });
    expect(
      profileCompleteness({ ...profile, interests: [] }, true, visibleFieldSet(['interests'])).missing,
    ).toEqual(['interests']);
  });
});
