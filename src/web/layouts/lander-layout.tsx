import { Outlet } from 'react-router';
import { SignupModalHost, SignupProvider } from '../features/signup/signup-context.tsx';
import { Logo } from '../features/site/logo.tsx';
import { NavigationProgress } from '../features/site/navigation-progress.tsx';
import { PageHiddenBeacon } from '../features/site/page-hidden-beacon.tsx';
import { useRootData } from '../lib/root-data.ts';

/** Advertising landers: only a logo bar, so nothing distracts from signing up. */
export default function LanderLayout() {
  const data = useRootData();
  return (
    <SignupProvider loggedIn={Boolean(data?.user)}>
      <div className="layout-lander">
        <NavigationProgress />
        <header className="lander-bar">
          <div className="container">
            <Logo name={data?.settings.name ?? ''} />
          </div>
        </header>
        <Outlet />
        <SignupModalHost />
        <PageHiddenBeacon />
      </div>
    </SignupProvider>
  );
}
