import { Link } from 'react-router';
import { AuditQuerySchema } from '../../shared/contracts/staff.ts';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import {
  AdminFilterForm,
  FilterField,
  FilterSelect,
  filterPageLink,
} from '../features/admin/admin-filter-form.tsx';
import { formatAdminTime } from '../features/admin/admin-format.ts';
import { adminPageMeta, dataOrThrow, filledParams } from '../features/admin/admin-route.ts';
import { auditActor, auditChanges } from '../features/admin/audit-changes.ts';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/admin-audit';

/**
 * Admins only (the policy's audit.view): the search is the address (?staff_id, target, from, to,
 * page), so a plain form searches without JavaScript and a result can be linked to.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = filledParams(request);
  const parsed = AuditQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : { page: 1 };
  const page = dataOrThrow(await context.staff.audit(query));
  // The person filter names people; a role with the audit but not the staff list gets ids only.
  const staff = await context.staff.list();
  return {
    page,
    filters: {
      staff_id: params.staff_id ?? '',
      target: params.target ?? '',
      from: params.from ?? '',
      to: params.to ?? '',
    },
    invalid: !parsed.success,
    people: staff.ok ? staff.data.map(({ id, name, email }) => ({ id, name, email })) : [],
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.audit.title');
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const actorText = (actor: ReturnType<typeof auditActor>) =>
    'name' in actor
      ? actor.name
      : t(actor.kind === 'command_line' ? 'admin.audit.command_line' : 'admin.audit.not_logged_in');
  const { page, filters, people, invalid } = loaderData;
  const pageLink = (to: number) => filterPageLink(filters, to);
  return (
    <>
      <h1>{t('admin.audit.title')}</h1>
      <AdminFilterForm
        label={t('admin.audit.filters')}
        submitLabel={t('admin.audit.search')}
        invalid={invalid}
      >
        <FilterSelect id="staff_id" label={t('admin.audit.person')} defaultValue={filters.staff_id}>
          <option value="">{t('admin.audit.anyone')}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name} ({person.email})
            </option>
          ))}
        </FilterSelect>
        <FilterField
          id="target"
          label={t('admin.audit.target')}
          placeholder={t('admin.audit.target_hint')}
          defaultValue={filters.target}
        />
        <FilterField id="from" type="date" label={t('admin.audit.from')} defaultValue={filters.from} />
        <FilterField id="to" type="date" label={t('admin.audit.to')} defaultValue={filters.to} />
      </AdminFilterForm>
      {page.rows.length === 0 ? (
        <p>{t('admin.audit.empty')}</p>
      ) : (
        <div className="admin-table-wrap admin-panel">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.when')}</th>
                <th scope="col">{t('admin.audit.who')}</th>
                <th scope="col">{t('admin.audit.action')}</th>
                <th scope="col">{t('admin.audit.target')}</th>
                <th scope="col">{t('admin.audit.change')}</th>
                <th scope="col">{t('admin.audit.address')}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id} data-testid="audit-row">
                  <td data-label={t('admin.audit.when')}>{formatAdminTime(row.at, i18n.language)}</td>
                  <td data-label={t('admin.audit.who')}>
                    {actorText(auditActor(row))}
                    {row.roles.length > 0 && (
                      <div className="small text-body-secondary">{row.roles.join(', ')}</div>
                    )}
                  </td>
                  <td data-label={t('admin.audit.action')}>
                    <code>{row.action}</code>
                  </td>
                  <td data-label={t('admin.audit.target')}>{row.target ?? '—'}</td>
                  <td data-label={t('admin.audit.change')}>
                    <dl className="admin-changes">
                      {auditChanges(row.before, row.after).map((change) => (
                        <div key={change.field}>
                          <dt>{change.field}</dt>
                          <dd>
                            {change.before !== undefined && (
                              <>
                                <span className="visually-hidden">{t('admin.audit.before')}: </span>
                                <del>{change.before}</del>
                                {change.after !== undefined && ' → '}
                              </>
                            )}
                            {change.after !== undefined && (
                              <>
                                <span className="visually-hidden">{t('admin.audit.after')}: </span>
                                <ins>{change.after}</ins>
                              </>
                            )}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </td>
                  <td data-label={t('admin.audit.address')}>{row.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={t('admin.audit.pages')} className="d-flex gap-2 align-items-center">
        {page.page > 1 && (
          <Link className="btn btn-outline-primary btn-sm" to={pageLink(page.page - 1)}>
            {t('admin.audit.newer')}
          </Link>
        )}
        <span>{t('admin.audit.page', { page: page.page })}</span>
        {page.hasMore && (
          <Link className="btn btn-outline-primary btn-sm" to={pageLink(page.page + 1)}>
            {t('admin.audit.older')}
          </Link>
        )}
      </nav>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
