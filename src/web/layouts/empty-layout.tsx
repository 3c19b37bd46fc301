import { Outlet } from 'react-router';

/** Nothing but the page and the sign-up modal's slot. */
export default function EmptyLayout() {
  return (
    <>
      <Outlet />
      <div id="signup-modal-slot" />
    </>
  );
}
