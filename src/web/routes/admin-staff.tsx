import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { STAFF_ROLES, type StaffListEntry, type StaffRole } from '../../shared/contracts/staff.ts';
import { FormField } from '../components/ui/form-field.tsx';
import { TitledSection } from '../components/ui/titled-section.tsx';
import { AdminActionButton, useAdminAction } from '../features/admin/admin-action.tsx';
import { adminRequest } from '../features/admin/admin-api.ts';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { formatAdminTime } from '../features/admin/admin-format.ts';
import { AdminNotice, type AdminNoticeValue } from '../features/admin/admin-notice.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import { useStaffMe } from '../features/admin/staff-me.tsx';
import { type ApiFormErrors, fieldErrorText, formErrorText, readApiError } from '../lib/api-form-errors.ts';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/admin-staff';

/** Admins only: anyone else gets the 403 page inside the layout (the policy's staff.manage). */
export async function loader({ context }: Route.LoaderArgs) {
  return { staff: dataOrThrow(await context.staff.list()) };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.staff.title');
}

/**
 * The staff list with its changes (add, roles, disable/enable, reset of the second factor). Each
 * change is one call to /api/admin; the list is loaded again after it, and the server's refusal is
 * shown in the staff member's language.
 */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<AdminNoticeValue | null>(null);
  return (
    <>
      <h1>{t('admin.staff.title')}</h1>
      <AdminNotice notice={notice} />
      <h2 className="h4">{t('admin.staff.list_title')}</h2>
      <ul className="admin-cards admin-staff-list">
        {loaderData.staff.map((member) => (
          <li key={member.id}>
            <StaffCard member={member} onNotice={setNotice} />
          </li>
        ))}
      </ul>
      <AddStaffForm onNotice={setNotice} />
    </>
  );
}

function StaffCard({
  member,
  onNotice,
}: {
  member: StaffListEntry;
  onNotice: (notice: AdminNoticeValue) => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useStaffMe();
  const self = me?.id === member.id;
  const revalidator = useRevalidator();
  const action = useAdminAction(onNotice, revalidator.revalidate);
  const { busy } = action;
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const post = (path: `/api/admin/${string}`, body: unknown) => adminRequest(path, { method: 'POST', body });
  const saveRoles = () => {
    if (roles.length === 0) return onNotice({ kind: 'error', text: t('admin.staff.pick_role') });
    void action.run(
      () => post('/api/admin/staff-roles.php', { id: member.id, roles }),
      t('admin.staff.roles_saved', { name: member.name }),
    );
  };
  return (
    <div className="admin-panel h-100 mb-0" data-testid={`staff-${member.email}`}>
      <h3 className="h5 mb-1">
        {member.name} {self && <span className="text-body-secondary small">({t('admin.staff.you')})</span>}
      </h3>
      <p className="mb-2 admin-secret">{member.email}</p>
      <dl className="admin-changes mb-2">
        <dt>{t('admin.staff.roles')}</dt>
        <dd>{member.roles.map((role) => t(`admin.roles.${role}`)).join(', ')}</dd>
        <dt>{t('admin.staff.totp')}</dt>
        <dd>{member.totpReady ? t('admin.staff.totp_ready') : t('admin.staff.totp_pending')}</dd>
        <dt>{t('admin.staff.status')}</dt>
        <dd>{member.disabled ? t('admin.staff.disabled') : t('admin.staff.active')}</dd>
        <dt>{t('admin.staff.last_login')}</dt>
        <dd>
          {member.lastLoginAt ? formatAdminTime(member.lastLoginAt, i18n.language) : t('admin.staff.never')}
        </dd>
      </dl>
      {!self && (
        <>
          <fieldset className="admin-roles-form">
            <legend>{t('admin.staff.roles_of', { name: member.name })}</legend>
            {STAFF_ROLES.map((role) => (
              <label key={role} className="form-check-label">
                <input
                  type="checkbox"
                  className="form-check-input me-1"
                  checked={roles.includes(role)}
                  onChange={(event) =>
                    setRoles((current) =>
                      event.target.checked ? [...current, role] : current.filter((r) => r !== role),
                    )
                  }
                />
                {t(`admin.roles.${role}`)}
              </label>
            ))}
          </fieldset>
          <div className="admin-actions">
            <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={saveRoles}>
              {t('admin.staff.save_roles')}
            </button>
            {member.disabled ? (
              <AdminActionButton
                className="btn btn-sm btn-outline-primary"
                action={action}
                call={() => post('/api/admin/staff-enable.php', { id: member.id })}
                success={t('admin.staff.enabled_done', { name: member.name })}
              >
                {t('admin.staff.enable')}
              </AdminActionButton>
            ) : (
              <AdminActionButton
                className="btn btn-sm btn-outline-danger"
                action={action}
                call={() => post('/api/admin/staff-disable.php', { id: member.id })}
                success={t('admin.staff.disabled_done', { name: member.name })}
                confirm={{
                  title: t('admin.staff.confirm_disable_title', { name: member.name }),
                  text: t('admin.staff.confirm_disable_text', { name: member.name }),
                  cancel: t('admin.staff.cancel'),
                }}
              >
                {t('admin.staff.disable')}
              </AdminActionButton>
            )}
            <AdminActionButton
              className="btn btn-sm btn-outline-secondary"
              action={action}
              call={() => post('/api/admin/staff-reset-2fa.php', { id: member.id })}
              success={t('admin.staff.reset_done', { name: member.name })}
              confirm={{
                title: t('admin.staff.confirm_reset_title', { name: member.name }),
                text: t('admin.staff.confirm_reset_text', { name: member.name }),
                cancel: t('admin.staff.cancel'),
              }}
            >
              {t('admin.staff.reset_2fa')}
            </AdminActionButton>
          </div>
        </>
      )}
    </div>
  );
}

const ADD_FIELDS = ['email', 'name', 'password', 'roles'] as const;

/**
 * A new account with a first password the admin hands over; the server checks it by the members'
 * password rules, and the person sets up the second factor at the first login.
 */
function AddStaffForm({ onNotice }: { onNotice: (notice: AdminNoticeValue) => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<ApiFormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const fieldError = (field: string) => {
    const code = errors.fields[field];
    return code ? fieldErrorText(t, code) : undefined;
  };
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const body = {
      email: String(values.get('email') ?? ''),
      name: String(values.get('name') ?? ''),
      password: String(values.get('password') ?? ''),
      roles: values.getAll('roles').map(String),
    };
    setBusy(true);
    try {
      const added = await adminRequest<{ name: string }>('/api/admin/staff.php', { method: 'POST', body });
      setErrors({ fields: {} });
      form.reset();
      onNotice({ kind: 'success', text: t('admin.staff.added', { name: added.name }) });
      await revalidator.revalidate();
    } catch (error) {
      setErrors(readApiError(error, ADD_FIELDS));
    } finally {
      setBusy(false);
    }
  };
  return (
    <TitledSection
      className="admin-panel admin-narrow mt-4"
      titleId="add-staff-title"
      titleClassName="h4"
      title={t('admin.staff.add_title')}
    >
      <p>{t('admin.staff.add_intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {errors.form && (
          <div className="alert alert-danger" role="alert">
            {formErrorText(t, errors.form, errors.form.vars)}
          </div>
        )}
        <FormField
          id="email"
          type="email"
          label={t('admin.staff.email')}
          required
          error={fieldError('email')}
        />
        <FormField id="name" label={t('admin.staff.name')} required error={fieldError('name')} />
        <FormField
          id="password"
          type="text"
          autoComplete="new-password"
          label={t('admin.staff.password')}
          required
          error={fieldError('password')}
        />
        <fieldset
          className="admin-roles-form mb-3"
          aria-describedby={fieldError('roles') ? 'roles-error' : undefined}
        >
          <legend>{t('admin.staff.roles')}</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role} className="form-check-label">
              <input type="checkbox" name="roles" value={role} className="form-check-input me-1" />
              {t(`admin.roles.${role}`)}
            </label>
          ))}
          {fieldError('roles') && (
            <div className="invalid-feedback d-block" id="roles-error">
              {t('admin.staff.pick_role')}
            </div>
          )}
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('admin.staff.add_submit')}
        </button>
      </form>
    </TitledSection>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
