/**
 * Throw-away mailbox providers refused at sign-up: accounts without a reachable owner are mostly
 * spam. A short list of the common ones; extend as abuse shows up.
 */
const DISPOSABLE = new Set([
  '10minutemail.com',
  '10minutemail.net',
  'guerrillamail.com',
  'guerrillamail.net',
  'guerrillamail.org',
  'sharklasers.com',
  'mailinator.com',
  'mailinator.net',
  'yopmail.com',
  'yopmail.fr',
  'yopmail.net',
  'trashmail.com',
  'trashmail.de',
  'temp-mail.org',
  'tempmail.com',
  'tempmail.net',
  'tempmailo.com',
  'throwawaymail.com',
  'getnada.com',
  'nada.email',
  'dispostable.com',
  'maildrop.cc',
  'mintemail.com',
  'mohmal.com',
  'fakeinbox.com',
  'spamgourmet.com',
  'mailnesia.com',
  'emailondeck.com',
  'mytemp.email',
  'tempr.email',
  'discard.email',
  'moakt.com',
  'burnermail.io',
  'spambox.us',
  'wegwerfmail.de',
  'wegwerfmail.net',
  'einrot.com',
  'trash-mail.com',
  'jetable.org',
  'mail-temporaire.fr',
  'minuteinbox.com',
  'emailfake.com',
  'tmpmail.org',
  'tmpmail.net',
  'byom.de',
  'spam4.me',
  'grr.la',
  'inboxkitten.com',
]);

export function isDisposableEmail(email: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return DISPOSABLE.has(domain) || [...DISPOSABLE].some((d) => domain.endsWith(`.${d}`));
}
