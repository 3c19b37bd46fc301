import { data, Form, useNavigation, useSubmit } from 'react-router';
import {
  type ComplaintInput,
  ComplaintInputSchema,
  ComplaintSubjectSchema,
} from '../../shared/contracts/site.ts';
import { LIMITS } from '../../shared/limits.ts';
import { FormField, FormSelect, FormTextarea } from '../components/ui/form-field.tsx';
import { fieldErrorText, readFieldErrors } from '../lib/api-form-errors.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useZodForm } from '../lib/use-zod-form.ts';
import type { Route } from './+types/complaints';

const FIELDS = ['name', 'email', 'subject', 'message'] as const satisfies readonly (keyof ComplaintInput)[];

/** The form again with what was typed, and what went wrong under its field or above the form. */
const refused = (
  values: Record<string, string>,
  fieldErrors: Record<string, string[]>,
  status: number,
  formError?: string,
) => data({ ok: false as const, fieldErrors, formError, values }, { status });

/** Posted as a page form, so a complaint can be sent without JavaScript; the browser checks first when it can. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const parsed = ComplaintInputSchema.safeParse(form);
  if (!parsed.success) {
    // The API's shape (`details.fieldErrors`), so the page reads it with the forms' one mapping.
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
    }
    return refused(form, fieldErrors, 400);
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

const VARS = { max: LIMITS.complaintMessageMax };

function Complaints({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const submitting = navigation.state === 'submitting';
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const values = refused?.values ?? {};
  const { form, formRef, onSubmit, fieldError } = useZodForm(ComplaintInputSchema, {
    defaultValues: Object.fromEntries(FIELDS.map((name) => [name, values[name] ?? ''])),
    vars: VARS,
  });
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
  // The server's answer also renders without JavaScript; it stands until the member edits the field.
  const fromServer = readFieldErrors(refused?.fieldErrors ?? {}, FIELDS).fields;
  const errorOf = (name: (typeof FIELDS)[number]) => {
    const code = fromServer[name];
    const unchanged = form.watch(name) === (values[name] ?? '');
    return fieldError(name) ?? (code && unchanged ? fieldErrorText(t, code, VARS) : undefined);
  };
  const field = (name: (typeof FIELDS)[number]) => ({
    id: `complaint-${name}`,
    error: errorOf(name),
    // In the HTML too: without JavaScript nothing else puts the refused values back.
    defaultValue: values[name] ?? '',
    ...form.register(name),
  });
  const send = onSubmit(() => {
    if (formRef.current) submit(formRef.current);
  });
  return (
    <main id="main" className="container narrow-page">
      <h1>{t('complaints.title')}</h1>
      <p className="lead">{t('complaints.intro')}</p>
      {refused?.formError && (
        <div className="alert alert-danger" role="alert">
          {refused.formError === 'rate_limited' ? t('complaints.rate_limited') : t('errors.general')}
        </div>
      )}
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={send}
        className="card card-body shadow-sm complaint-form"
      >
        <FormField label={t('complaints.name')} autoComplete="name" {...field('name')} />
        <FormField label={t('complaints.email')} type="email" autoComplete="email" {...field('email')} />
        <FormSelect label={t('complaints.subject')} {...field('subject')}>
          <option value="">{t('complaints.choose_subject')}</option>
          {ComplaintSubjectSchema.options.map((s) => (
            <option key={s} value={s}>
              {t(`complaints.subjects.${s}`)}
            </option>
          ))}
        </FormSelect>
        <FormTextarea
          label={t('complaints.message')}
          rows={7}
          maxLength={LIMITS.complaintMessageMax}
          {...field('message')}
        />
        <button type="submit" className="btn btn-primary btn-lg" disabled={submitting}>
          {submitting ? t('complaints.sending') : t('complaints.submit')}
        </button>
      </Form>
    </main>
  );
}

export default withPageTexts(Complaints);
