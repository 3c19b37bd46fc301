import { STAFF_SESSION_COOKIE } from '../../../shared/limits.ts';
import type { LoadContextPart, PageRequest } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import type { AppServices } from '../../services.ts';
import { staffLoginRequired, staffViewerOf } from '../staff/staff-request.ts';
import { findStaffSession, type StaffSession } from '../staff/staff-sessions.service.ts';
import { presentStats } from './operators.presenter.ts';
import { readOperatorStats } from './operators.read.ts';

/**
 * The operators' back-office pages rendered on the server (/admin/operators/stats): each call
 * answers as its /api/admin route does, from the `asid` cookie, looked up once per page request.
 */
export function operatorsLoadContext(services: AppServices, { request }: PageRequest): LoadContextPart {
  let memo: Promise<StaffSession | null> | undefined;
  const viewer = async () => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    memo ??= token ? findStaffSession(services.db, token, services.now()) : Promise.resolve(null);
    const session = await memo;
    if (session?.stage !== 'complete') throw staffLoginRequired();
    return staffViewerOf(session);
  };
  return {
    staff: {
      operatorStats: (query) =>
        serviceResult(async () => {
          authorize(await viewer(), 'operators.stats');
          return presentStats(await readOperatorStats(services, query.days));
        }),
      mayViewOperatorStats: async () => {
        try {
          return can(await viewer(), 'operators.stats');
        } catch {
          return false;
        }
      },
    },
  };
}
