import { data, Form, useNavigation } from 'react-router';
import { ComplaintInputSchema, ComplaintSubjectSchema } from '../../shared/contracts/site.ts';
import { LIMITS } from '../../shared/limits.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/complaints';

type FieldErrors = Partial<Record<'name' | 'email' | 'subject' | 'message', string>>;

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = ComplaintInputSchema.safeParse(form);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof FieldErrors;
      errors[field] ??= issue.code === 'invalid_value' ? 'complaint_subject_required' : issue.message;
    }
    return data({ ok: false as const, errors, values: form as Record<string, string> }, { status: 400 });
  }
  const { reference } = await context.site.submitComplaint(parsed.data);
  return { ok: true as const, reference };
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
