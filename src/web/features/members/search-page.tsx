import { useId, useRef } from 'react';
import { Link, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import type { SearchResponse } from '../../../shared/contracts/members.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import type { RegionsSeed } from '../../lib/use-regions.ts';
import { AddPhotoAlert } from '../profile/add-photo-alert.tsx';
import { useSession } from '../session/member-session.tsx';
import { MemberCardGrid } from './member-card-grid.tsx';
import { SearchFilterForm } from './search-filter-form.tsx';
import { filtersToParams, type SearchFilters, sameFilters } from './search-filters.ts';
import { totalText } from './search-totals.ts';
import { useInfiniteScroll } from './use-infinite-scroll.ts';
import { useSearchResults } from './use-search-results.ts';

export type SearchPageData =
  | { kind: 'results'; filters: SearchFilters; defaults: SearchFilters; search: SearchResponse }
  /** A visitor where logged-out search is off: invited to sign up instead. */
  | { kind: 'signup'; filters: SearchFilters; defaults: SearchFilters }
  /** The first page failed; the page offers a retry. */
  | { kind: 'error'; filters: SearchFilters; defaults: SearchFilters; code: string };

function Spinner({ label }: { label: string }) {
  return (
    <span className="search-spinner" role="status">
      <span className="search-spinner-dot" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function SignupInvite() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <section
      className="search-invite card card-body shadow-sm text-center"
      aria-labelledby="search-invite-title"
    >
      <h2 id="search-invite-title" className="h4">
        {t('search.signup_title')}
      </h2>
      <p>{t('search.signup_text')}</p>
      <div className="search-invite-actions">
        <Link to="/signup" data-signup="" className="btn btn-primary btn-lg">
          {t('search.signup_button')}
        </Link>
        <Link to={`/login?redirect=${encodeURIComponent(pathname + search)}`} className="btn btn-link">
          {t('search.login_link')}
        </Link>
      </div>
    </section>
  );
}

function Results({
  search,
  filters,
  busy,
  canClear,
  onClear,
}: {
  search: SearchResponse;
  filters: SearchFilters;
  busy: boolean;
  canClear: boolean;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const results = useSearchResults(search, filters);
  const sentinel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const similarId = useId();
  const hasMore = results.nextCursor !== null;
  useInfiniteScroll(sentinel, () => void results.loadMore(), hasMore && results.status === 'idle' && !busy);

  return (
    <>
      <section
        className="search-results"
        aria-labelledby={headingId}
        aria-busy={busy || results.status === 'loading'}
      >
        <div className="search-results-head">
          <h2 id={headingId} className="h5 mb-0">
            {totalText(t, i18n.language, search, 'total')}
          </h2>
          {busy && <Spinner label={t('search.loading')} />}
        </div>
        {results.members.length === 0 ? (
          <div className="search-empty card card-body text-center">
            <h3 className="h5">{t('search.empty_title')}</h3>
            <p className="mb-0">{t('search.empty_text')}</p>
            {canClear && (
              <div className="mt-3">
                <button type="button" className="btn btn-primary" onClick={onClear}>
                  {t('search.clear')}
                </button>
              </div>
            )}
          </div>
        ) : (
          <MemberCardGrid members={results.members} className={busy ? 'is-stale' : undefined} />
        )}
        <div ref={sentinel} className="search-sentinel" aria-hidden="true" />
        <div className="search-more">
          {results.status === 'loading' && <Spinner label={t('search.loading')} />}
          {results.status === 'error' && (
            <div className="alert alert-danger search-error" role="alert">
              <span>{t('search.error')}</span>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                onClick={() => void results.loadMore()}
              >
                {t('search.retry')}
              </button>
            </div>
          )}
          {hasMore && results.status === 'idle' && (
            // Also the way on without IntersectionObserver, and for keyboard users.
            <button type="button" className="btn btn-outline-primary" onClick={() => void results.loadMore()}>
              {t('search.show_more')}
            </button>
          )}
          {!hasMore && results.members.length > 0 && (
            <p className="text-body-secondary small mb-0">{t('search.end')}</p>
          )}
        </div>
      </section>
      {search.similar && search.similar.members.length > 0 && (
        <section className="search-similar" aria-labelledby={similarId}>
          <h2 id={similarId} className="h5">
            {t('search.similar_title')}
          </h2>
          <p className="text-body-secondary small">
            {totalText(t, i18n.language, search.similar, 'similar_total')}
          </p>
          <MemberCardGrid members={search.similar.members} />
        </section>
      )}
    </>
  );
}

/** /members: the filters, the results page by page, similar profiles, or an invitation to sign up. */
export function SearchPage({ data, regionsSeed }: { data: SearchPageData; regionsSeed?: RegionsSeed }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { user } = useSession();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  if (!root) return null;
  const { settings } = root;
  const { filters, defaults } = data;
  const busy =
    (navigation.state === 'loading' && navigation.location.pathname === '/members') ||
    revalidator.state === 'loading';
  const canClear = !sameFilters(filters, defaults);
  const searchOf = (next: SearchFilters) => {
    const query = filtersToParams(next, defaults).toString();
    return query ? `?${query}` : '';
  };
  const go = (next: SearchFilters) => {
    navigate({ pathname: '/members', search: searchOf(next) }, { preventScrollReset: true });
  };
  const clear = () => go(defaults);

  return (
    <main id="main" className="container members-page">
      <div className="members-head">
        <h1 className="members-title">{t('search.title')}</h1>
        {user && (
          <div className="members-head-links">
            <Link to="/match-finder" className="btn btn-outline-primary btn-sm members-finder-link">
              {t('match_finder.link')}
            </Link>
            {data.kind !== 'signup' && (
              // The game takes the same search: its filters go along (a cleared default as an empty key).
              <Link
                to={`/swipe-game?${filtersToParams(filters, defaults)}`}
                className="btn btn-outline-primary btn-sm"
              >
                {t('swipe_game.link')}
              </Link>
            )}
          </div>
        )}
      </div>
      {user && <AddPhotoAlert className="mb-3" />}
      {data.kind === 'signup' ? (
        <SignupInvite />
      ) : (
        <>
          <SearchFilterForm
            // A new search from the URL (back button, clear) starts the form over.
            key={filtersToParams(filters).toString()}
            filters={filters}
            offered={settings.search_fields}
            countries={settings.countries}
            minAge={settings.min_age}
            busy={busy}
            canClear={canClear}
            clearTo={`/members${searchOf(defaults)}`}
            regionsSeed={regionsSeed}
            onSearch={go}
          />
          {data.kind === 'error' ? (
            <div className="alert alert-danger search-error mt-4" role="alert">
              <span>{t('search.error')}</span>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                onClick={() => void revalidator.revalidate()}
              >
                {t('search.retry')}
              </button>
            </div>
          ) : (
            <Results search={data.search} filters={filters} busy={busy} canClear={canClear} onClear={clear} />
          )}
        </>
      )}
    </main>
  );
}
