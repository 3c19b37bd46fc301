import type { Namespace } from './locales.ts';

// Its own module, not locales.ts: the browser's home page imports locales.ts and needs none of this.

/**
 * Texts a page loads with its route data (or a lazy part, such as the sign-up modal, fetches when
 * it opens), so the home page does not carry them inline. Each is a namespace file plus groups of
 * the common namespace; the server's translators keep the whole common namespace.
 */
export const PAGE_TEXTS = {
  profile: { file: 'profile', common: ['interests'] },
  members: { file: 'members', common: [] },
  signup: { file: null, common: ['signup'] },
  account: {
    file: null,
    common: [
      'account',
      'password_reset',
      'mail_change',
      'reactivate',
      'privacy',
      'blocked_members',
      'spending',
    ],
  },
  service: { file: null, common: ['complaints', 'pricing'] },
  payments: { file: 'payments', common: [] },
  // A lander's sign-up opens the modal or /signup, which bring the sign-up's texts; only the entry
  // pages' own short form needs them with the page.
  landers: { file: 'landers', common: [] },
  entry: { file: 'landers', common: ['signup'] },
  notifications: { file: 'notifications', common: [] },
  admin: { file: 'admin', common: [] },
  operators: { file: 'operators', common: [] },
  reports: { file: 'reports', common: [] },
  moderation: { file: 'moderation', common: [] },
  fictional: { file: 'fictional', common: [] },
} as const satisfies Record<string, { file: Namespace | null; common: readonly string[] }>;
export type PageNamespace = keyof typeof PAGE_TEXTS;
/** Every page namespace, in PAGE_TEXTS's order (the `ns` GET /api/locale.php accepts). */
export const PAGE_NAMESPACES = Object.keys(PAGE_TEXTS) as PageNamespace[];

/**
 * Common groups only the server uses (e-mails, the offline page the service worker keeps, the
 * installed app's manifest): never sent to the browser with a page.
 */
export const SERVER_ONLY_GROUPS = ['mail', 'offline', 'app_manifest'] as const;
