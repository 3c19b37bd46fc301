import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import { TextQueue } from '../features/moderation/text-queue.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import { stylesheetLinks } from '../lib/stylesheets.ts';
import moderationStyles from '../styles/moderation.scss?url';
import type { Route } from './+types/admin-moderation-texts';

export const links = stylesheetLinks(moderationStyles);

export async function loader({ context }: Route.LoaderArgs) {
  return {
    queue: dataOrThrow(await context.moderation.texts()),
    texts: context.pageTexts('moderation'),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.moderation');
}

/** /admin/moderation/texts: the changed profile texts, before and after. */
export default function AdminModerationTexts({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <TextQueue initial={loaderData.queue} />
    </PageTexts>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
