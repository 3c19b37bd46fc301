import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import { PhotoQueue } from '../features/moderation/photo-queue.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import { stylesheetLinks } from '../lib/stylesheets.ts';
import moderationStyles from '../styles/moderation.scss?url';
import type { Route } from './+types/admin-moderation-photos';

export const links = stylesheetLinks(moderationStyles);

export async function loader({ context }: Route.LoaderArgs) {
  return {
    queue: dataOrThrow(await context.moderation.photos()),
    texts: context.pageTexts('moderation'),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.moderation');
}

/** /admin/moderation/photos: the waiting photos, one large preview at a time. */
export default function AdminModerationPhotos({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <PhotoQueue initial={loaderData.queue} />
    </PageTexts>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
