import { data, Form, useNavigation } from 'react-router';
import { ComplaintInputSchema, ComplaintSubjectSchema } from '../../shared/contracts/site.ts';
import { LIMITS } from '../../shared/limits.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/complaints';

type FieldErrors = Partial<Record<'name' | 'email' | 'subject' | 'message', string>>;

/** The form again with what was typed, and what went wrong under its field or above the form. */
const refused = (values: Record<string, string>, errors: FieldErrors, status: number, formError?: string) =>
  data({ ok: false as const, errors, formError, values }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const parsed = ComplaintInputSchema.safeParse(form);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof FieldErrors;
      errors[field] ??= issue.code === 'invalid_value' ? 'complaint_subject_required' : issue.message;
    }
    return refused(form, errors, 400);
  }
  const result = await context.site.submitComplaint(parsed.data);
  // rate_limited: the hourly allowance per address, shared with the API call, is used up.
  if (!result.ok) return refused(form, {}, result.status, result.code);
  return { ok: true as const, reference: result.data.reference };
}

export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('service'), title: context.t('complaints.title') };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

function Complaints({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  if (actionData?.ok) {
    return (
      <main id="main" className="container narrow-page">
        <div className="alert alert-success" role="status">
          <h1 className="h4">{t('complaints.thanks_title')}</h1>
          <p className="mb-0">{t('complaints.thanks_text', { reference: actionData.reference })}</p>
        </div>
      </main>
    );
  }
  const errors: FieldErrors = actionData && !actionData.ok ? actionData.errors : {};
  const values = actionData && !actionData.ok ? actionData.values : {};
  const formError = actionData && !actionData.ok ? actionData.formError : undefined;
  const fieldProps = (name: keyof FieldErrors) => ({
    id: `complaint-${name}`,
    name,
    defaultValue: values[name] ?? '',
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `complaint-${name}-error` : undefined,
  });
  const errorText = (name: keyof FieldErrors) =>
    errors[name] ? (
      <div className="invalid-feedback d-block" id={`complaint-${name}-error`}>
        {t(`validation.${errors[name]}`, { max: LIMITS.complaintMessageMax })}
      </div>
    ) : null;
  return (
    <main id="main" className="container narrow-page">
      <h1>{t('complaints.title')}</h1>
      <p className="lead">{t('complaints.intro')}</p>
      {formError && (
        <div className="alert alert-danger" role="alert">
          {formError === 'rate_limited' ? t('complaints.rate_limited') : t('errors.general')}
        </div>
      )}
      <Form method="post" noValidate className="card card-body shadow-sm complaint-form">
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-name">
            {t('complaints.name')}
          </label>
          <input
            className={`form-control${errors.name ? ' is-invalid' : ''}`}
            autoComplete="name"
            {...fieldProps('name')}
          />
          {errorText('name')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-email">
            {t('complaints.email')}
          </label>
          <input
            type="email"
            className={`form-control${errors.email ? ' is-invalid' : ''}`}
            autoComplete="email"
            {...fieldProps('email')}
          />
          {errorText('email')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-subject">
            {t('complaints.subject')}
          </label>
          <select className={`form-select${errors.subject ? ' is-invalid' : ''}`} {...fieldProps('subject')}>
            <option value="">{t('complaints.choose_subject')}</option>
            {ComplaintSubjectSchema.options.map((s) => (
              <option key={s} value={s}>
                {t(`complaints.subjects.${s}`)}
              </option>
            ))}
          </select>
          {errorText('subject')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-message">
            {t('complaints.message')}
          </label>
          <textarea
            className={`form-control${errors.message ? ' is-invalid' : ''}`}
            rows={7}
            maxLength={LIMITS.complaintMessageMax}
            {...fieldProps('message')}
          />
          {errorText('message')}
        </div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={submitting}>
          {submitting ? t('complaints.sending') : t('complaints.submit')}
        </button>
      </Form>
    </main>
  );
}

export default withPageTexts(Complaints);
