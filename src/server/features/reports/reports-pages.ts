import { STAFF_SESSION_COOKIE } from '../../../shared/limits.ts';
import type { LoadContextPart, PageRequest } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { AppServices } from '../../services.ts';
import { auditActorOf, staffLoginRequired, staffViewerOf } from '../staff/staff-request.ts';
import { findStaffSession, type StaffSession } from '../staff/staff-sessions.service.ts';
import { presentReportDetail, presentReportQueue } from './reports.presenter.ts';
import { listReportQueue, readReport } from './reports.service.ts';

/**
 * The reports' back-office pages (/admin/reports, /admin/reports/{id}) rendered on the server:
 * each call answers as GET /api/admin/reports.php and report.php do, from the `asid` cookie, with
 * the same right; reading a report is audited as the API's read is.
 */
export function reportsLoadContext(services: AppServices, { request }: PageRequest): LoadContextPart {
  let memo: Promise<StaffSession | null> | undefined;
  const reviewer = async () => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    memo ??= token ? findStaffSession(services.db, token, services.now()) : Promise.resolve(null);
    const session = await memo;
    if (session?.stage !== 'complete') throw staffLoginRequired();
    authorize(staffViewerOf(session), 'reports.review');
    return session;
  };
  return {
    staff: {
      reports: (query) =>
        serviceResult(async () => {
          await reviewer();
          return presentReportQueue(await listReportQueue(services.db, query));
        }),
      report: (id) =>
        serviceResult(async () => {
          const session = await reviewer();
          return presentReportDetail(await readReport(services, auditActorOf(session, request), id));
        }),
    },
  };
}
