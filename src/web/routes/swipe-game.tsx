import { createTranslator } from '../../shared/i18n/translator.ts';
import { defaultFilters, filtersFromParams, hasFilterParams } from '../features/members/search-filters.ts';
import { SwipeGame } from '../features/swipe/swipe-game.tsx';
import { pageMeta } from '../lib/meta.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import { guards } from '../lib/route-middleware.ts';
import '../styles/swipe.scss';
import type { PushAlertHandle } from '../features/notifications/enable-push-alert.tsx';
import type { Route } from './+types/swipe-game';

// The push invitation does not float over this page (PushAlertHandle).
export const handle: PushAlertHandle = { noPushAlert: true };

// After the member layout's 'auth'.
export const middleware = guards('complete');

/**
 * The game follows the member search: the filters of /members in the URL (the search page's link
 * carries them), or the member's default search, the gender they look for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const offered = context.settings.search_fields;
  const filters = hasFilterParams(params)
    ? filtersFromParams(params, offered)
    : defaultFilters(context.user, offered);
  const texts = context.pageTexts('members');
  // The game comes with the HTML, counted and timed in the zone of the browser's tz cookie; on a
  // refusal the page asks the API itself and shows that answer.
  const game = await context.swipe.game(filters);
  return {
    title: createTranslator(texts)('swipe_game.title'),
    texts,
    filters,
    game: game.ok ? game.data : null,
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

export default function SwipeGamePage({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <SwipeGame filters={loaderData.filters} initial={loaderData.game} />
    </PageTexts>
  );
}
