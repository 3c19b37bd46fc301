import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type {
  OperatorQueueFilter,
  OperatorQueueItem,
  OperatorQueuePage,
} from '../../../shared/contracts/operators.ts';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { adminRequest } from '../admin/admin-api.ts';
import { AdminFilterForm, FilterField, FilterSelect } from '../admin/admin-filter-form.tsx';
import { useStaffPoll } from '../admin/use-staff-poll.ts';
import { useClaimNext } from './use-claim-next.ts';
import { untilFirstClaimEnds, waitedSeconds, waitParts } from './wait-time.ts';

type MorePages = { after: OperatorQueuePage; items: OperatorQueueItem[]; cursor: string | null };

function filterOf(params: URLSearchParams): OperatorQueueFilter {
  const profile = Number(params.get('profile'));
  return {
    profile: Number.isInteger(profile) && profile > 0 ? profile : undefined,
    language: (LOCALES as readonly string[]).includes(params.get('language') ?? '')
      ? (params.get('language') as OperatorQueueFilter['language'])
      : undefined,
    country: /^[A-Za-z]{2}$/.test(params.get('country') ?? '')
      ? params.get('country')?.toUpperCase()
      : undefined,
  };
}

/**
 * The waiting conversations, oldest wait first, with the filters in the address; `statsLink`: the
 * staff person may open the figures (the server's policy says so), so the page links to them.
 */
export function OperatorQueue({ statsLink = false }: { statsLink?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const filter = filterOf(params);
  const { profile, language, country } = filter;
  const {
    data: page,
    at,
    error,
    refresh,
  } = useStaffPoll<OperatorQueuePage | null>({
    path: '/api/admin/operator-queue.php',
    query: { profile, language, country },
    initial: null,
  });
  // The pages after the first, for the first page they followed: a newer read of the first page
  // starts the list again (the older pages' rows may have been answered since).
  const [more, setMore] = useState<MorePages | null>(null);
  const extra = more && more.after === page ? more : null;
  const cursor = extra ? extra.cursor : (page?.next_cursor ?? null);
  const [now, setNow] = useState(() => Date.now());
  const next = useClaimNext(filter);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  // A claim that ends by itself (its operator stopped typing) is told by no event: the list is read
  // again when the first one on it ends, and shows that conversation free.
  useEffect(() => {
    if (!page) return;
    const delay = untilFirstClaimEnds(
      page.items.map((item) => item.claim_expires_at),
      page.now,
      at,
      Date.now(),
    );
    if (delay === null) return;
    const timer = setTimeout(() => void refresh(), delay);
    return () => clearTimeout(timer);
  }, [page, at, refresh]);

  const loadMore = async () => {
    if (!page || !cursor) return;
    const data = await adminRequest<OperatorQueuePage>('/api/admin/operator-queue.php', {
      query: { profile, language, country, after: cursor },
    });
    setMore((current) => ({
      after: page,
      items: [...(current && current.after === page ? current.items : []), ...data.items],
      cursor: data.next_cursor,
    }));
  };

  const items = [...(page?.items ?? []), ...(extra?.items ?? [])];
  const wait = (item: OperatorQueueItem) => {
    if (!page) return '';
    const parts = waitParts(waitedSeconds(item.waiting_since, page.now, at, now));
    return 'minutes' in parts
      ? t('operators.wait_minutes', { minutes: parts.minutes })
      : t('operators.wait_seconds', { seconds: parts.seconds });
  };

  return (
    <>
      <h1>{t('operators.title')}</h1>
      {statsLink && (
        <p>
          <Link to="/admin/operators/stats">{t('operators.stats')}</Link>
        </p>
      )}
      <AdminFilterForm label={t('operators.filters')} submitLabel={t('operators.apply')}>
        <FilterField
          id="profile"
          inputMode="numeric"
          label={t('operators.profile')}
          defaultValue={profile ?? ''}
        />
        <FilterSelect id="language" label={t('operators.language')} defaultValue={language ?? ''}>
          <option value="">{t('operators.any')}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {locale}
            </option>
          ))}
        </FilterSelect>
        <FilterField id="country" maxLength={2} label={t('operators.country')} defaultValue={country ?? ''} />
      </AdminFilterForm>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={next.busy}
          onClick={() => void next.claimNext()}
          aria-keyshortcuts="N"
        >
          {t('operators.claim_next')}
        </button>
        <span className="text-body-secondary small">{t('operators.claim_next_hint')}</span>
      </div>
      {(next.error || error) && (
        <p className="alert alert-warning" role="alert">
          {errorText(t, next.error ?? error)}
        </p>
      )}
      <h2 className="h4">{t('operators.queue_title')}</h2>
      {page && items.length === 0 ? (
        <p>{t('operators.empty')}</p>
      ) : (
        <div className="table-responsive admin-queue-wrap">
          <table className="table align-middle" data-testid="operator-queue">
            <thead>
              <tr>
                <th scope="col">{t('operators.waiting')}</th>
                <th scope="col">{t('operators.member')}</th>
                <th scope="col">{t('operators.profile')}</th>
                <th scope="col" className="admin-queue-open">
                  <span className="visually-hidden">{t('operators.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.conversation.id} data-conversation={item.conversation.id}>
                  <td>{wait(item)}</td>
                  <td>
                    {item.member.name}{' '}
                    <span className="text-body-secondary small">
                      {item.member.language} · {item.member.country}
                    </span>
                  </td>
                  <td>
                    {item.profile.name} <span className="text-body-secondary small">#{item.profile.id}</span>
                  </td>
                  <td className="text-end admin-queue-open">
                    {item.claimed && !item.mine ? (
                      <span className="badge text-bg-secondary">{t('operators.claimed')}</span>
                    ) : (
                      <Link
                        className="btn btn-sm btn-outline-primary"
                        to={`/admin/operators/${item.conversation.id}`}
                      >
                        {item.mine ? t('operators.yours') : t('operators.open')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor && (
        <button type="button" className="btn btn-outline-secondary" onClick={() => void loadMore()}>
          {t('operators.load_more')}
        </button>
      )}
    </>
  );
}
