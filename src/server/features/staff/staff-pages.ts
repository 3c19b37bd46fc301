import { STAFF_SESSION_COOKIE } from '../../../shared/limits.ts';
import type { LoadContextPart, PageRequest } from '../../feature.ts';
import { AppError, serviceResult } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { AppServices } from '../../services.ts';
import { loginRateLimit } from '../auth/page-login.ts';
import { presentAuditPage, presentStaffListEntry, presentStaffMe } from './staff.presenter.ts';
import { listStaffWithLastLogin } from './staff.service.ts';
import { searchAudit } from './staff-audit.service.ts';
import {
  loginStaffWithPassword,
  loginState,
  logoutStaff,
  verifyStaffSecondFactor,
} from './staff-login.service.ts';
import { clearStaffCookie, setStaffCookie, staffLoginRequired, staffViewerOf } from './staff-request.ts';
import { findStaffSession, type StaffSession } from './staff-sessions.service.ts';

/**
 * The back office's pages (/admin), rendered through the SSR catch-all: each call answers as its
 * /api/admin route does, from the `asid` cookie (which the browser sends to /admin pages too), never
 * from the member's session. The session is looked up once per page request, when first asked.
 */
export function staffLoadContext(
  services: AppServices,
  { app, request, reply }: PageRequest,
): LoadContextPart {
  const secure = services.env.publicUrl.startsWith('https://');
  const meta = () => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  let memo: Promise<StaffSession | null> | undefined;
  const session = () => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    memo ??= token ? findStaffSession(services.db, token, services.now()) : Promise.resolve(null);
    return memo;
  };
  const complete = async () => {
    const found = await session();
    if (found?.stage !== 'complete') throw staffLoginRequired();
    return found;
  };
  // The form posts without JavaScript count against the API's login allowance, as the member login page's do.
  const countLogin = async () => {
    try {
      await loginRateLimit(app, services).call(app, request, reply);
    } catch (error) {
      if ((error as { statusCode?: unknown }).statusCode !== 429) throw error;
      throw new AppError('rate_limited', 429, 'Too many logins from this address; try again later.');
    }
  };

  return {
    staff: {
      me: () => serviceResult(async () => presentStaffMe(await complete())),
      loginState: () =>
        serviceResult(async () => {
          const found = await session();
          if (!found) throw staffLoginRequired();
          if (found.stage === 'complete')
            return { step: 'done' as const, csrfToken: found.csrfToken, recoveryCodes: null };
          return loginState(services.db, found.staff.id);
        }),
      login: (input) =>
        serviceResult(async () => {
          await countLogin();
          const { token, state } = await loginStaffWithPassword(services, input, meta());
          setStaffCookie(reply, token, secure);
          return state;
        }),
      totp: (input) =>
        serviceResult(async () => {
          await countLogin();
          const found = await session();
          if (found?.stage !== 'password') throw staffLoginRequired();
          const { recoveryCodes } = await verifyStaffSecondFactor(services, found, input.code, meta());
          return { step: 'done' as const, csrfToken: found.csrfToken, recoveryCodes };
        }),
      logout: () =>
        serviceResult(async () => {
          await logoutStaff(services, await session());
          clearStaffCookie(reply, secure);
          return { ok: true as const };
        }),
      list: () =>
        serviceResult(async () => {
          authorize(staffViewerOf(await complete()), 'staff.manage');
          return (await listStaffWithLastLogin(services.db)).map(presentStaffListEntry);
        }),
      audit: (query) =>
        serviceResult(async () => {
          authorize(staffViewerOf(await complete()), 'audit.view');
          return presentAuditPage(await searchAudit(services.db, query));
        }),
    },
  };
}
