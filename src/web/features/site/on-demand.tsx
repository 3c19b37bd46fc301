import { type ComponentType, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { User } from '../../../shared/contracts/auth.ts';
import { onDemand } from '../../lib/on-demand.ts';
import { shouldShowSiteEntryWarning } from './site-entry-warning.logic.ts';

// Both overlays are rare (a first visit from NL/DE; a lander's sign-up link): their code is
// fetched only when they can show, which keeps the home page within its JavaScript budget.
const siteEntryWarning = onDemand(() => import('./site-entry-warning.tsx').then((m) => m.SiteEntryWarning));
const activationReminder = onDemand(() =>
  import('../signup/activation-reminder.tsx').then(
    (m) => m.ActivationReminder as ComponentType<{ user: User | null }>,
  ),
);

type EntryProps = Parameters<typeof import('./site-entry-warning.tsx').SiteEntryWarning>[0];

export function SiteEntryWarningOnDemand(props: EntryProps) {
  // What the server already knows; the stored dismissal and app mode are checked in the browser.
  const inScope = shouldShowSiteEntryWarning({
    ...props,
    allowedCountries: props.allowedCountries,
    standalone: false,
    dismissedAt: null,
  });
  if (!inScope) return null;
  const SiteEntryWarning = siteEntryWarning();
  return (
    <Suspense fallback={null}>
      <SiteEntryWarning {...props} />
    </Suspense>
  );
}

export function ActivationReminderOnDemand({ user }: { user: User | null }) {
  const location = useLocation();
  if (!new URLSearchParams(location.search).has('api_signup_complete')) return null;
  const ActivationReminder = activationReminder();
  return (
    <Suspense fallback={null}>
      <ActivationReminder user={user} />
    </Suspense>
  );
}
