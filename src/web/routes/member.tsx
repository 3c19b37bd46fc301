import { data, useMatches } from 'react-router';
import { useLikeSeen } from '../features/likes/use-like-seen.ts';
import { type MemberPageData, MemberProfilePage } from '../features/members/member-profile-page.tsx';
import { RouteErrorBoundary } from '../features/site/route-error-boundary.tsx';
import { pageMeta } from '../lib/meta.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import '../styles/members.scss';
import '../styles/gifts.scss';
import { guards } from '../lib/route-middleware.ts';
import type { Route } from './+types/member';

/** /members/:id and /likes/m/:id (route ids 'member' and 'likes-member'): the same screen. */
export const middleware = guards('complete');

export async function loader({ params, context }: Route.LoaderArgs) {
  const texts = {
    ...context.pageTexts('profile'),
    ...context.pageTexts('members'),
    ...context.pageTexts('reports'),
  };
  const notFound = () =>
    data(
      { texts, title: context.t('errors.member_not_found'), page: { kind: 'not_found' } as MemberPageData },
      { status: 404 },
    );
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== params.id) return notFound();
  const result = await context.members.get(id);
  if (result.ok) {
    const { member, related } = result.data;
    const regions = member.region
      ? { country: member.country, regions: context.site.regions(member.country) }
      : undefined;
    const page: MemberPageData = { kind: 'profile', member, related, regions };
    return data({ texts, title: member.name, page });
  }
  if (result.code === 'blocked_by_member') {
    const name = (result.details as { name?: string } | undefined)?.name ?? '';
    const page: MemberPageData = { kind: 'blocked', name };
    return data({ texts, title: context.t('errors.blocked_by_member', { name }), page }, { status: 403 });
  }
  if (result.status === 404) return notFound();
  throw data(result.message, { status: result.status });
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function Member({ loaderData }: Route.ComponentProps) {
  const shown = loaderData.page.kind === 'profile' ? loaderData.page.member.id : null;
  useLikeSeen(useMatches().some((m) => m.id === 'likes-member') ? shown : null);
  return (
    <PageTexts messages={loaderData.texts}>
      <MemberProfilePage data={loaderData.page} />
    </PageTexts>
  );
}

/** A failed service call keeps the site's navigation around the error, with a retry. */
export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
