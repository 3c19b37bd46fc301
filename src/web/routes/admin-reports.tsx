import { ReportQueueQuerySchema } from '../../shared/contracts/reports.ts';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta, dataOrThrow, filledParams } from '../features/admin/admin-route.ts';
import { ReportQueueView } from '../features/reports/report-queue.tsx';
import { reportReviewTexts } from '../features/reports/report-review-texts.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/admin-reports';

/**
 * Moderators and admins (the policy's reports.review): the filters are the address (?status,
 * reason, source, page), so the form works without JavaScript and a view can be linked to.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = filledParams(request);
  const parsed = ReportQueueQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : ReportQueueQuerySchema.parse({});
  const queue = dataOrThrow(await context.staff.reports(query));
  return {
    query,
    queue,
    readAt: Date.now(),
    invalid: !parsed.success,
    texts: reportReviewTexts(context),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.reports');
}

/** /admin/reports: members' reports and complaints, open first, oldest first. */
export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <ReportQueueView
        initial={loaderData.queue}
        readAt={loaderData.readAt}
        query={loaderData.query}
        invalid={loaderData.invalid}
      />
    </PageTexts>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
