import { Outlet } from 'react-router';
import { NavigationProgress } from '../features/site/navigation-progress.tsx';

/** Full screen: the conversation uses the whole viewport, no header or footer. */
export default function ChatLayout() {
  return (
    <div className="layout-chat">
      <NavigationProgress />
      <Outlet />
    </div>
  );
}
