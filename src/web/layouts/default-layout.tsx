import { Outlet } from 'react-router';
import { LiveConnectionsOnDemand } from '../features/likes/live-connections-on-demand.tsx';
import { TimeBonusOnDemand } from '../features/payments/time-bonus-on-demand.tsx';
import { AccountStatusBanner } from '../features/session/account-status-banner.tsx';
import { MemberSessionProvider } from '../features/session/member-session.tsx';
import { SignupModalHost, SignupProvider } from '../features/signup/signup-context.tsx';
import { NavigationProgress } from '../features/site/navigation-progress.tsx';
import { OfflineBanner } from '../features/site/offline-banner.tsx';
import { ActivationReminderOnDemand, SiteEntryWarningOnDemand } from '../features/site/on-demand.tsx';
import { PageHiddenBeacon } from '../features/site/page-hidden-beacon.tsx';
import { SiteFooter } from '../features/site/site-footer.tsx';
import { TopNav } from '../features/site/top-nav.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { useRootData } from '../lib/root-data.ts';

/** Top navigation, warning banners, the page, footer with disclaimer, and the sign-up modal's slot. */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const data = useRootData();
  if (!data) return <Outlet />;
  const { settings, company } = data;
  return (
    <MemberSessionProvider initial={data.user} live={LiveConnectionsOnDemand}>
      <SignupProvider loggedIn={Boolean(data.user)}>
        <a href="#main" className="visually-hidden-focusable skip-link">
          {t('nav.skip_to_content')}
        </a>
        <NavigationProgress />
        <TopNav siteName={settings.name} />
        <OfflineBanner />
        <AccountStatusBanner />
        <TimeBonusOnDemand />
        <div className="page-body">
          <Outlet />
        </div>
        <SiteFooter settings={settings} company={company} />
        <SignupModalHost />
        <ActivationReminderOnDemand user={data.user} />
        <SiteEntryWarningOnDemand
          siteName={settings.name}
          minAge={settings.min_age}
          setting={settings.enable_site_entry_popup}
          country={settings.geoip_country}
          allowedCountries={settings.site_entry_popup_countries}
          fictionalPlural={settings.fictional_plural}
          loggedIn={Boolean(data.user)}
        />
        <PageHiddenBeacon />
      </SignupProvider>
    </MemberSessionProvider>
  );
}
