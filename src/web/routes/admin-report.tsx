import { data } from 'react-router';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import { ReportDetailView } from '../features/reports/report-detail.tsx';
import { reportReviewTexts } from '../features/reports/report-review-texts.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/admin-report';

/** Reading a report shows private messages: the server audits each read, as the API's. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ code: 'report_not_found' }, { status: 404 });
  const report = dataOrThrow(await context.staff.report(id));
  return {
    report,
    texts: reportReviewTexts(context),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.reports');
}

/** /admin/reports/{id}: a report, its frozen evidence and its outcome. */
export default function AdminReport({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <ReportDetailView report={loaderData.report} />
    </PageTexts>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
