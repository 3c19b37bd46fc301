import { useLocation } from 'react-router';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { answersFromParams } from '../features/match-finder/finder-answers.ts';
import { FinderPage } from '../features/match-finder/finder-page.tsx';
import { pageMeta } from '../lib/meta.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import { guards } from '../lib/route-middleware.ts';
import '../styles/members.scss';
import '../styles/match-finder.scss';
import type { Route } from './+types/match-finder';

// After the member layout's 'auth': an advertising entry finishes its sign-up first, as for search.
export const middleware = guards('complete');

export async function loader({ request, context }: Route.LoaderArgs) {
  // The interests' labels come with the profile texts; the finder's own texts are in members.json.
  const texts = { ...context.pageTexts('profile'), ...context.pageTexts('members') };
  // The first questions are prefilled from the profile: read with the HTML, they render at once.
  const asking = answersFromParams(new URL(request.url).searchParams) === null;
  const own = asking ? await context.profile.own() : null;
  return { title: createTranslator(texts)('match_finder.title'), texts, own: own?.ok ? own.data : undefined };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

export default function MatchFinder({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <PageTexts messages={loaderData.texts}>
      <FinderPage key={search} own={loaderData.own} />
    </PageTexts>
  );
}
