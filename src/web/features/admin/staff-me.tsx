import { createContext, type ReactNode, use } from 'react';
import type { StaffMe } from '../../../shared/contracts/staff.ts';
import { setStaffCsrfToken } from './admin-api.ts';

const StaffMeContext = createContext<StaffMe | null>(null);

/** The logged-in staff member (the admin layout's data) for the back office's pages; null on /admin/login. */
export function StaffMeProvider({ me, children }: { me: StaffMe | null; children: ReactNode }) {
  // In the browser only: on the server a module variable would be shared by every request.
  if (typeof document !== 'undefined') setStaffCsrfToken(me?.csrfToken);
  return <StaffMeContext value={me}>{children}</StaffMeContext>;
}

export function useStaffMe(): StaffMe | null {
  return use(StaffMeContext);
}
