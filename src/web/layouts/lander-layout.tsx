import { Outlet } from 'react-router';
import { Logo } from '../features/site/logo.tsx';
import { NavigationProgress } from '../features/site/navigation-progress.tsx';
import { PageHiddenBeacon } from '../features/site/page-hidden-beacon.tsx';
import { useRootData } from '../lib/root-data.ts';

/** Advertising landers: only a logo bar, so nothing distracts from signing up. */
export default function LanderLayout() {
  const data = useRootData();
  return (
    <div className="layout-lander">
      <NavigationProgress />
      <header className="lander-bar">
        <div className="container">
          <Logo name={data?.settings.name ?? ''} />
        </div>
      </header>
      <Outlet />
      <div id="signup-modal-slot" />
      <PageHiddenBeacon />
    </div>
  );
}
