import { redirect } from 'react-router';
import {
  defaultFilters,
  filtersFromParams,
  filtersToParams,
  hasFilterParams,
} from '../features/members/search-filters.ts';
import { SearchPage, type SearchPageData } from '../features/members/search-page.tsx';
import { RouteErrorBoundary } from '../features/site/route-error-boundary.tsx';
import { pageMeta } from '../lib/meta.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import '../styles/members.scss';
import { guards } from '../lib/route-middleware.ts';
import type { Route } from './+types/members';

export const middleware = guards('complete');

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { settings, user } = context;
  const offered = settings.search_fields;
  const defaults = defaultFilters(user, offered);
  // A bare /members (home after login) opens on the member's default search, visibly in the URL.
  if (!hasFilterParams(url.searchParams) && Object.keys(defaults).length > 0) {
    const params = new URLSearchParams(url.searchParams);
    for (const [key, value] of filtersToParams(defaults)) params.set(key, value);
    throw redirect(`/members?${params}`);
  }
  const filters = filtersFromParams(url.searchParams, offered);
  const base = {
    title: context.t('member_nav.search'),
    texts: { ...context.pageTexts('profile'), ...context.pageTexts('members') },
    // The searched country's regions with the page: the region select works before (or without) scripts.
    regions: filters.country
      ? { country: filters.country, regions: context.site.regions(filters.country) }
      : undefined,
  };
  if (!user && !settings.logged_out_search_visible) {
    return { ...base, page: { kind: 'signup', filters, defaults } satisfies SearchPageData };
  }
  const result = await context.members.search(filters);
  let page: SearchPageData;
  if (result.ok) page = { kind: 'results', filters, defaults, search: result.data };
  else if (result.code === 'search_login_required') page = { kind: 'signup', filters, defaults };
  else page = { kind: 'error', filters, defaults, code: result.code };
  return { ...base, page };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

export default function Members({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <SearchPage data={loaderData.page as SearchPageData} regionsSeed={loaderData.regions} />
    </PageTexts>
  );
}

/** A failed service call keeps the site's navigation around the error, with a retry. */
export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
