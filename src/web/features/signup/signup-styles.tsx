import { stylesheetLinks } from '../../lib/stylesheets.ts';
import signupStyles from '../../styles/signup.scss?url';

/** For the `links` of the sign-up routes: their stylesheet in <head>, before the scripts. */
export const signupLinks = stylesheetLinks(signupStyles);

/**
 * The same stylesheet for the sign-up and activation dialogs, which open on any page: a React
 * stylesheet resource, so the dialog waits for it (no unstyled flash) and a page that linked it
 * already does not load it twice.
 */
export function SignupStylesheet() {
  return <link rel="stylesheet" href={signupStyles} precedence="default" />;
}
