type Input = {
  standalone: boolean;
  dismissedAt: number | null;
  loggedIn: boolean;
  setting: string;
  country: string | null;
  allowedCountries: string[];
};

/** Spec §4: not in an installed app, not dismissed, logged out, setting not 'no', country allowed if a list is given. */
export function shouldShowSiteEntryWarning(input: Input): boolean {
  if (input.standalone || input.dismissedAt !== null || input.loggedIn) return false;
  if (input.setting === 'no') return false;
  if (input.allowedCountries.length > 0)
    return input.country !== null && input.allowedCountries.includes(input.country);
  return true;
}
