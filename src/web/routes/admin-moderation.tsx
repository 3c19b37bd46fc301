import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import { ModerationTabs } from '../features/moderation/moderation-tabs.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import { stylesheetLinks } from '../lib/stylesheets.ts';
import moderationStyles from '../styles/moderation.scss?url';
import type { Route } from './+types/admin-moderation';

export const links = stylesheetLinks(moderationStyles);

export async function loader({ context }: Route.LoaderArgs) {
  const [photos, texts] = await Promise.all([context.moderation.photos(), context.moderation.texts()]);
  return {
    photos: dataOrThrow(photos).total,
    texts: dataOrThrow(texts).total,
    messages: context.pageTexts('moderation'),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.moderation');
}

/** /admin/moderation: the two queues, each with how many wait. */
export default function AdminModeration({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.messages}>
      <ModerationHome photos={loaderData.photos} texts={loaderData.texts} />
    </PageTexts>
  );
}

function ModerationHome({ photos, texts }: { photos: number; texts: number }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('moderation.title')}</h1>
      <p className="moderation-intro">{t('moderation.intro')}</p>
      <ModerationTabs photos={photos} texts={texts} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
