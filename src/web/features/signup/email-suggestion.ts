/**
 * "Did you mean …?" for mistyped e-mail domains. A typo costs us the member: the activation
 * mail never arrives. The checker is loaded on first use so it stays out of every page bundle.
 */

// The checker's list is American; these are the providers our (mostly European) members use.
const EUROPEAN_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'hotmail.nl',
  'hotmail.be',
  'hotmail.de',
  'hotmail.fr',
  'hotmail.it',
  'hotmail.es',
  'hotmail.co.uk',
  'live.nl',
  'live.be',
  'live.com',
  'outlook.com',
  'outlook.nl',
  'outlook.de',
  'msn.com',
  'icloud.com',
  'yahoo.com',
  'yahoo.nl',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.co.uk',
  'ziggo.nl',
  'kpnmail.nl',
  'kpnplanet.nl',
  'planet.nl',
  'home.nl',
  'hetnet.nl',
  'xs4all.nl',
  'telfort.nl',
  'chello.nl',
  'upcmail.nl',
  'caiway.nl',
  'quicknet.nl',
  'skynet.be',
  'telenet.be',
  'proximus.be',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'freenet.de',
  'bluewin.ch',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'wanadoo.fr',
  'sfr.fr',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'alice.it',
  'wp.pl',
  'onet.pl',
  'o2.pl',
  'interia.pl',
  'btinternet.com',
  'sky.com',
  'eircom.net',
  'proton.me',
  'protonmail.com',
];

type Checker = typeof import('@zootools/email-spell-checker');
let checker: Promise<Checker> | undefined;

function loadChecker(): Promise<Checker> {
  checker ??= import('@zootools/email-spell-checker').catch((error: unknown) => {
    checker = undefined; // a failed chunk may load on the next try
    throw error;
  });
  return checker;
}

/** The corrected address, or undefined when the address looks fine (or the checker cannot load). */
export async function suggestEmail(email: string): Promise<string | undefined> {
  const value = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) return undefined;
  try {
    const mod = await loadChecker();
    // CommonJS package: depending on the bundler the functions sit on the namespace or on default.
    const run = mod.run ?? (mod as unknown as { default: Checker }).default.run;
    const popular = mod.POPULAR_DOMAINS ?? (mod as unknown as { default: Checker }).default.POPULAR_DOMAINS;
    const suggestion = run({ email: value, domains: [...EUROPEAN_DOMAINS, ...(popular ?? [])] });
    return suggestion && suggestion.full !== value ? suggestion.full : undefined;
  } catch {
    return undefined;
  }
}
