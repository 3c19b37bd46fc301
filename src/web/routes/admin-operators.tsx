import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta } from '../features/admin/admin-route.ts';
import { OperatorQueue } from '../features/operators/operator-queue.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/admin-operators';

export async function loader({ context }: Route.LoaderArgs) {
  return {
    texts: context.pageTexts('operators'),
    // The figures are admins' (operators.stats): the link shows only to whom they open.
    statsLink: await context.staff.mayViewOperatorStats(),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.operators');
}

/** /admin/operators: the conversations waiting for a fictional profile's answer. */
export default function AdminOperators({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <OperatorQueue statsLink={loaderData.statsLink} />
    </PageTexts>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
