import { describe, expect, it } from 'vitest';
import { shouldShowSiteEntryWarning } from './site-entry-warning.logic.ts';

const base = {
  standalone: false,
  dismissedAt: null,
  loggedIn: false,
  setting: 'yes',
  country: 'NL',
  allowedCountries: ['NL', 'DE'],
};

describe('shouldShowSiteEntryWarning', () => {
  it('shows to a new logged-out visitor from an allowed country', () => {
    expect(shouldShowSiteEntryWarning(base)).toBe(true);
    expect(shouldShowSiteEntryWarning({ ...base, country: 'DE' })).toBe(true);
  });
  it('does not show in the installed app, after dismissal, when logged in or switched off', () => {
    expect(shouldShowSiteEntryWarning({ ...base, standalone: true })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...base, dismissedAt: 1 })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...base, loggedIn: true })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...base, setting: 'no' })).toBe(false);
  });
  it('follows the country list when one is given', () => {
    expect(shouldShowSiteEntryWarning({ ...base, country: 'FR' })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...base, country: null })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...base, country: 'FR', allowedCountries: [] })).toBe(true);
  });
});
