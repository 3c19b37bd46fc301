import type { i18n as I18n, ResourceLanguage } from 'i18next';
import type { MemberCard } from './contracts/members.ts';
import type { Settings } from './contracts/settings.ts';
import type { CompanyInfo, ComplaintInput } from './contracts/site.ts';
import type { Locale } from './i18n/locales.ts';

/**
 * What the server hands to React Router loaders and actions: the visitor's resolved context and
 * the service calls pages may make. Web code never imports server modules; it gets this.
 */
export type WebLoadContext = {
  locale: Locale;
  nonce: string;
  settings: Settings;
  company: CompanyInfo;
  /** Server-side i18next instance for this locale (all namespaces). */
  i18n: I18n;
  /** The common namespace for this locale, sent to the browser once per page load. */
  messages: ResourceLanguage;
  country: string | null;
  /** Development conveniences (the /dev/mail link) are shown. */
  isDevelopment: boolean;
  site: {
    listHighlights: () => Promise<MemberCard[]>;
    submitComplaint: (input: ComplaintInput) => Promise<{ reference: string }>;
  };
};
