import { data } from 'react-router';
import { isLander, resolveSlug } from '../../../shared/contracts/landers.ts';
import { createTranslator, dynamicKey } from '../../../shared/i18n/translator.ts';
import { AgeGate, LANDER_DESIGNS, VideoBackdrop } from '../../features/landers/lander-designs.tsx';
import { LanderShell } from '../../features/landers/lander-shell.tsx';
import { landerLinks } from '../../features/landers/lander-styles.ts';
import { RouteErrorBoundary } from '../../features/site/route-error-boundary.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { withPageTexts } from '../../lib/page-texts.tsx';
import { useRootData } from '../../lib/root-data.ts';
import type { Route } from './+types/lander';

export const links: Route.LinksFunction = landerLinks;

const VIDEO_LANDERS = new Set(['video', 'transitionsvideolanding']);

export async function loader({ params, context }: Route.LoaderArgs) {
  const lander = params.lander;
  if (!isLander(lander)) throw data('Not found', { status: 404 });
  const { slug, copyLocale } = resolveSlug(params.slug, context.locale);
  const copy = createTranslator(context.landers.copy(copyLocale));
  return {
    lander,
    slug,
    copyLocale,
    title: copy(dynamicKey(`landers.${lander}.title`)),
    lead: copy(dynamicKey(`landers.${lander}.lead`), { min_age: context.settings.min_age }),
    members: await context.site.listHighlights(),
    texts: context.pageTexts('landers'),
  };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  return pageMeta(matches, page?.title, page?.lead);
}

/** /landers/{name}/{slug?}: the shared shell with the lander's own design (lander-designs.tsx). */
function Lander({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { lander, slug, copyLocale, title, lead, members } = loaderData;
  const Design = LANDER_DESIGNS[lander];
  return (
    <LanderShell
      source={lander}
      slug={slug}
      title={title}
      lead={lead}
      copyLang={copyLocale}
      members={members}
      className={`lander-page-${lander}`}
      backdrop={VIDEO_LANDERS.has(lander) ? <VideoBackdrop /> : undefined}
      action={lander === 'adultonly' ? <AgeGate minAge={root?.settings.min_age ?? 18} /> : undefined}
    >
      <Design members={members} />
    </LanderShell>
  );
}

export default withPageTexts(Lander);

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
