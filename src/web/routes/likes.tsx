import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { data, Link, NavLink } from 'react-router';
import type { LikesListResponse } from '../../shared/contracts/likes.ts';
import { LIKES_QUERY_KEY } from '../features/likes/likes-keys.ts';
import { likesListQuery } from '../features/likes/likes-queries.ts';
import { LIKES_TABS, type LikesTab, likesTabOf, likesTabPath } from '../features/likes/likes-tabs.ts';
import { BackButton } from '../features/members/back-button.tsx';
import { MemberCardGrid } from '../features/members/member-card-grid.tsx';
import { MessageIcon } from '../features/members/member-icons.tsx';
import { useSession } from '../features/session/member-session.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import { guards } from '../lib/route-middleware.ts';
import '../styles/members.scss';
import '../styles/likes.scss';
import type { Route } from './+types/likes';

// After the member layout's 'auth'.
export const middleware = guards('complete');

/** /likes and /likes/{type} (received, given, matches); any other type is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const tab = likesTabOf(params.type);
  if (!tab) throw data('Not found', { status: 404 });
  // The first page comes with the HTML (no layout shift, the first photo found at once); the
  // query takes over from it. On a refusal the page asks the API itself and shows that answer.
  const first = await context.likes.firstPage(tab);
  return {
    tab,
    first: first.ok ? first.data : null,
    texts: context.pageTexts('members'),
    title: context.t('member_nav.likes'),
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

function LikesPage({ tab, first }: { tab: LikesTab; first: LikesListResponse | null }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const client = useQueryClient();
  const likes = useInfiniteQuery({
    ...likesListQuery(tab),
    initialData: first ? { pages: [first], pageParams: [''] } : undefined,
  });
  const members = likes.data?.pages.flatMap((page) => page.members) ?? [];
  // A free member's cards with private photos come blurred (the presenter's rule, ADR 0021).
  const locked = !user?.paid_user && members.some((m) => m.main_image?.filename.endsWith('-blur.webp'));
  const newCount = user?.new_likes ?? 0;

  return (
    <main id="main" className="container likes-page">
      <BackButton label={t('member_view.back')} className="member-back" />
      <h1>{t('likes.title')}</h1>
      <nav aria-label={t('likes.tabs_label')}>
        <ul className="likes-tabs">
          {LIKES_TABS.map((name) => (
            <li key={name}>
              <NavLink to={likesTabPath(name)} end className="likes-tab">
                {t(`likes.tab_${name}`)}
                {name === 'received' && newCount > 0 && (
                  <span className="likes-new-badge">{t('likes.new_count', { count: newCount })}</span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="text-body-secondary likes-intro">{t(`likes.intro_${tab}`)}</p>
      {locked && (
        <div className="alert alert-info likes-upsell">
          <p className="mb-2">{t('likes.locked_photos')}</p>
          <Link to="/premium" className="btn btn-primary btn-sm">
            {t('likes.become_premium')}
          </Link>
        </div>
      )}
      <h2 className="visually-hidden">{t(`likes.tab_${tab}`)}</h2>
      {likes.isPending ? (
        <p role="status">{t('likes.loading')}</p>
      ) : likes.isError && !likes.data ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{t('likes.failed')}</p>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => void likes.refetch()}
          >
            {t('likes.retry')}
          </button>
        </div>
      ) : members.length === 0 ? (
        <div className="likes-empty">
          <p>{t(`likes.empty_${tab}`)}</p>
          <div className="d-flex flex-wrap gap-2 justify-content-center">
            <Link to="/members" className="btn btn-primary">
              {t('likes.search_members')}
            </Link>
            <Link to="/swipe-game" className="btn btn-outline-primary">
              {t('likes.play_swipe')}
            </Link>
          </div>
        </div>
      ) : (
        <MemberCardGrid
          members={members}
          className="likes-grid"
          linkTo={(member) => (tab === 'received' ? `/likes/m/${member.id}` : `/members/${member.id}`)}
          footer={(member) =>
            tab === 'matches' ? (
              <Link to={`/members/${member.id}/chat`} className="btn btn-sm btn-primary">
                <MessageIcon /> {t('likes.send_message')}
              </Link>
            ) : tab === 'received' && member.like_new ? (
              <span className="likes-new-badge">{t('likes.new')}</span>
            ) : null
          }
          // The lists change with each like (a like back is a match): read them again.
          onLikedChange={() => void client.invalidateQueries({ queryKey: LIKES_QUERY_KEY })}
        />
      )}
      {likes.hasNextPage && (
        <div className="text-center my-4">
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={likes.isFetchingNextPage}
            onClick={() => void likes.fetchNextPage()}
          >
            {t(likes.isFetchingNextPage ? 'likes.loading' : 'likes.show_more')}
          </button>
        </div>
      )}
    </main>
  );
}

export default function Likes({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <LikesPage tab={loaderData.tab} first={loaderData.first} />
    </PageTexts>
  );
}
