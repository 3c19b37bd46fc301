import { Link } from 'react-router';
import {
  type FictionalProfileListQuery,
  FictionalProfileListQuerySchema,
} from '../../shared/contracts/fictional-profiles.ts';
import { LOCALES } from '../../shared/i18n/locales.ts';
import { dynamicKey } from '../../shared/i18n/translator.ts';
import { COUNTRIES } from '../../shared/limits.ts';
import { CountryOptions } from '../components/ui/country-options.tsx';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { AdminFilterForm, FilterSelect, filterPageLink } from '../features/admin/admin-filter-form.tsx';
import { formatAdminTime } from '../features/admin/admin-format.ts';
import { adminPageMeta, dataOrThrow, filledParams } from '../features/admin/admin-route.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import { useCountryName } from '../lib/use-country-name.ts';
import type { Route } from './+types/admin-profiles';

/**
 * Admins only (the policy's profiles.manage): the filters are the address (?country, language,
 * page), so a plain form filters without JavaScript and a list can be linked to.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = filledParams(request);
  const parsed = FictionalProfileListQuerySchema.safeParse(params);
  const query: FictionalProfileListQuery = parsed.success ? parsed.data : { page: 1 };
  return {
    list: dataOrThrow(await context.staff.fictionalProfiles(query)),
    filters: { country: query.country ?? '', language: query.language ?? '' },
    invalid: !parsed.success,
    texts: context.pageTexts('fictional'),
    profileTexts: context.pageTexts('profile'),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.profiles');
}

export default function AdminProfiles({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.profileTexts}>
      <PageTexts messages={loaderData.texts}>
        <ProfilesList {...loaderData} />
      </PageTexts>
    </PageTexts>
  );
}

function ProfilesList({ list, filters, invalid }: Route.ComponentProps['loaderData']) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const languageName = (code: string) =>
    new Intl.DisplayNames([i18n.language], { type: 'language' }).of(code) ?? code;
  const pageLink = (to: number) => filterPageLink(filters, to);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h1 className="mb-0">{t('fictional.title')}</h1>
        <Link to="/admin/profiles/new" className="btn btn-primary">
          {t('fictional.new')}
        </Link>
      </div>
      <p>{t('fictional.intro')}</p>
      <AdminFilterForm label={t('fictional.filters')} submitLabel={t('fictional.apply')} invalid={invalid}>
        <FilterSelect id="country" label={t('fictional.country')} defaultValue={filters.country}>
          <CountryOptions codes={COUNTRIES} placeholder={t('fictional.any')} />
        </FilterSelect>
        <FilterSelect id="language" label={t('fictional.language')} defaultValue={filters.language}>
          <option value="">{t('fictional.any')}</option>
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {languageName(code)}
            </option>
          ))}
        </FilterSelect>
      </AdminFilterForm>
      {list.items.length === 0 ? (
        <p className="admin-panel">{t('fictional.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle admin-fictional-table">
            <thead>
              <tr>
                <th scope="col">{t('fictional.name')}</th>
                <th scope="col">{t('fictional.age')}</th>
                <th scope="col">{t('fictional.gender')}</th>
                <th scope="col">{t('fictional.place')}</th>
                <th scope="col">{t('fictional.language')}</th>
                <th scope="col">{t('fictional.photos')}</th>
                <th scope="col">{t('fictional.status')}</th>
                <th scope="col">{t('fictional.waiting')}</th>
                <th scope="col">{t('fictional.created')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id} data-testid={`fictional-${item.id}`}>
                  <td>
                    <Link to={`/admin/profiles/${item.id}`}>{item.name}</Link>
                  </td>
                  <td>{item.age}</td>
                  <td>{t(dynamicKey(`options.gender.${item.gender}`))}</td>
                  <td>{[item.city, countryName(item.country)].filter(Boolean).join(', ')}</td>
                  <td>{languageName(item.language)}</td>
                  <td>{item.photo_count}</td>
                  <td>{item.hidden ? t('fictional.hidden') : t('fictional.visible')}</td>
                  <td>{item.waiting}</td>
                  <td>{formatAdminTime(item.created_at, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="d-flex gap-2 align-items-center" aria-label={t('fictional.page', { page: list.page })}>
        {list.page > 1 && (
          <Link className="btn btn-sm btn-outline-secondary" to={pageLink(list.page - 1)}>
            {t('fictional.previous')}
          </Link>
        )}
        {list.has_more && (
          <Link className="btn btn-sm btn-outline-secondary" to={pageLink(list.page + 1)}>
            {t('fictional.next')}
          </Link>
        )}
      </nav>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
