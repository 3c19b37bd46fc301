import { STAFF_SESSION_COOKIE } from '../../../shared/limits.ts';
import type { LoadContextPart, PageRequest } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { staffLoginRequired, staffViewerOf } from '../staff/staff-request.ts';
import { findStaffSession } from '../staff/staff-sessions.service.ts';
import { presentFictionalList, presentFictionalProfile } from './fictional-profiles.presenter.ts';
import { listFictionalProfiles, readFictionalProfile } from './fictional-profiles.service.ts';

/**
 * The pages /admin/profiles and /admin/profiles/{id}, rendered on the server: each call answers as
 * its /api/admin route does, from the `asid` cookie (never the member's session).
 */
export function fictionalProfilesLoadContext(
  services: AppServices,
  { request }: PageRequest,
): LoadContextPart {
  const staff = async () => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    const session = token ? await findStaffSession(services.db, token, services.now()) : null;
    if (session?.stage !== 'complete') throw staffLoginRequired();
    return staffViewerOf(session);
  };
  return {
    staff: {
      fictionalProfiles: (query) =>
        serviceResult(async () =>
          presentFictionalList(
            await listFictionalProfiles(services.db, await staff(), query),
            services.now(),
          ),
        ),
      fictionalProfile: (id) =>
        serviceResult(async () =>
          presentFictionalProfile(await readFictionalProfile(services.db, await staff(), id), services.now()),
        ),
    },
  };
}
