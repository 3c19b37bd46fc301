import { Link } from 'react-router';
import {
  OPERATOR_STATS_PERIODS,
  type OperatorStats,
  OperatorStatsQuerySchema,
} from '../../shared/contracts/operators.ts';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { AdminFilterForm, FilterSelect } from '../features/admin/admin-filter-form.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import { formatAnswerTime, formatCount } from '../features/operators/stats-format.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/admin-operator-stats';

const DEFAULT_DAYS = 30;

/**
 * Admins only (the policy's operators.stats): anyone else gets the 403 page inside the layout. The
 * period is the address (?days=), so the plain form works without JavaScript and can be linked to.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const parsed = OperatorStatsQuerySchema.safeParse({
    days: new URL(request.url).searchParams.get('days') ?? undefined,
  });
  const offered = (OPERATOR_STATS_PERIODS as readonly number[]).includes(parsed.data?.days ?? 0);
  const days = offered && parsed.data ? parsed.data.days : DEFAULT_DAYS;
  return {
    stats: dataOrThrow(await context.staff.operatorStats({ days })),
    texts: context.pageTexts('operators'),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.operators');
}

type Row = OperatorStats['operators'][number] | OperatorStats['profiles'][number];

function FiguresTable({ id, title, who, rows }: { id: string; title: string; who: string; rows: Row[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns = {
    replies: t('operators.stats_replies'),
    conversations: t('operators.stats_conversations'),
    median: t('operators.stats_median'),
    p90: t('operators.stats_p90'),
    credits: t('operators.stats_credits_after'),
  };
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id} className="h5">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mb-0">{t('operators.stats_empty')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{who}</th>
                <th scope="col">{columns.replies}</th>
                <th scope="col">{columns.conversations}</th>
                <th scope="col">{columns.median}</th>
                <th scope="col">{columns.p90}</th>
                <th scope="col">{columns.credits}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const person = 'staff' in row ? row.staff : row.profile;
                return (
                  <tr key={person.id} data-testid="operator-stats-row">
                    <th scope="row" data-label={who}>
                      {person.name} <span className="small text-body-secondary">#{person.id}</span>
                    </th>
                    <td data-label={columns.replies}>{formatCount(row.replies, locale)}</td>
                    <td data-label={columns.conversations}>{formatCount(row.conversations, locale)}</td>
                    <td data-label={columns.median}>{formatAnswerTime(row.median_seconds, locale)}</td>
                    <td data-label={columns.p90}>{formatAnswerTime(row.p90_seconds, locale)}</td>
                    <td data-label={columns.credits}>{formatCount(row.credits_after, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OperatorStatsPage({ stats }: { stats: OperatorStats }) {
  const { t } = useTranslation();
  return (
    <>
      <p>
        <Link to="/admin/operators">{t('operators.back')}</Link>
      </p>
      <h1>{t('operators.stats_title')}</h1>
      <p className="text-body-secondary">{t('operators.stats_intro')}</p>
      <AdminFilterForm label={t('operators.stats_period')} submitLabel={t('operators.stats_show')}>
        <FilterSelect id="days" label={t('operators.stats_period')} defaultValue={String(stats.days)}>
          {OPERATOR_STATS_PERIODS.map((days) => (
            <option key={days} value={days}>
              {t('operators.stats_days', { days })}
            </option>
          ))}
        </FilterSelect>
      </AdminFilterForm>
      <FiguresTable
        id="operator-stats-operators"
        title={t('operators.stats_operators')}
        who={t('operators.stats_operator')}
        rows={stats.operators}
      />
      <FiguresTable
        id="operator-stats-profiles"
        title={t('operators.stats_profiles')}
        who={t('operators.stats_profile')}
        rows={stats.profiles}
      />
    </>
  );
}

/** /admin/operators/stats: each operator's and each profile's answers and what members spent after. */
export default function AdminOperatorStats({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <OperatorStatsPage key={loaderData.stats.days} stats={loaderData.stats} />
    </PageTexts>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
