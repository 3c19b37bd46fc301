import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useRef } from 'react';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import type { TranslateVars } from '../../shared/i18n/translator.ts';
import {
  type ApiFormErrors,
  fieldErrorText,
  formErrorText,
  readApiError,
  readFieldErrors,
} from './api-form-errors.ts';
import { useTranslation } from './i18n.tsx';
import { useFocusFirstError } from './use-focus-first-error.ts';

type Schema = z.ZodType<FieldValues, FieldValues>;

type Options<S extends Schema> = Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & {
  /**
   * The inputs that show their own error; the errors of the others (the server's, or the schema's
   * for an input this form does not show) move above the form. All of them when left out.
   */
  shownFields?: readonly string[];
  /** Placeholders of the error texts (e.g. `{max}`). */
  vars?: TranslateVars;
};

/** The first message in an error of a field or of a list's items (interests.3). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as FieldError;
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && value !== (error as FieldError).ref) {
      const found = messageOf(value);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Every form: react-hook-form checked in the browser by the shared zod schema the server uses,
 * and the server's answer mapped back through readApiError. Errors are stored as validation keys
 * and error codes and translated when rendered; the first invalid input gets the focus.
 */
export function useZodForm<S extends Schema>(schema: S, options: Options<S> = {}) {
  const { shownFields, vars, ...formOptions } = options;
  const { t } = useTranslation();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    // The page decides where focus goes (in document order), for the schema's and the server's errors alike.
    shouldFocusError: false,
    ...formOptions,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const serverVars = useRef<TranslateVars | undefined>(undefined);
  const shown = (name: string) => !shownFields || shownFields.includes(name.split('.')[0] ?? name);
  const { errors } = form.formState;

  /** Applies a failed call's answer to the form: field keys under inputs, the rest above. */
  const showApiError = (error: unknown) => {
    const read = readApiError(error, shownFields ?? Object.keys(form.getValues()));
    for (const [field, code] of Object.entries(read.fields)) {
      form.setError(field as Path<z.input<S>>, { type: 'server', message: code });
    }
    if (read.form) {
      serverVars.current = read.form.vars;
      form.setError('root.server', { type: read.form.kind, message: read.form.code });
    }
    focusFirstError();
  };

  /** A submit handler: the schema first, then `send` with the parsed values; failures land in the form. */
  const onSubmit =
    (send: (values: z.output<S>) => Promise<unknown> | unknown) => (event?: FormEvent<HTMLFormElement>) =>
      form.handleSubmit(
        async (values) => {
          try {
            await send(values);
          } catch (error) {
            showApiError(error);
          }
        },
        () => focusFirstError(),
      )(event);

  const fieldError = (name: Path<z.input<S>>): string | undefined => {
    if (!shown(name)) return undefined;
    const code = messageOf(get(errors, name));
    return code ? fieldErrorText(t, code, vars) : undefined;
  };

  // The schema's errors of inputs this form does not show go above it by the same rule as the server's.
  const root = errors.root?.server;
  const unshown = Object.entries(errors)
    .filter(([name]) => name !== 'root' && !shown(name))
    .map(([name, error]) => [name, [messageOf(error) ?? 'invalid_field']]);
  const above: ApiFormErrors['form'] = root?.message
    ? {
        code: root.message,
        kind: root.type === 'validation' ? 'validation' : 'error',
        vars: serverVars.current,
      }
    : readFieldErrors(Object.fromEntries(unshown), []).form;

  return {
    form,
    formRef,
    onSubmit,
    showApiError,
    fieldError,
    formError: above && formErrorText(t, above, vars),
    /** The error code above the form, for forms that offer a way out (reactivate, request a new link). */
    formErrorCode: above?.kind === 'error' ? above.code : undefined,
    busy: form.formState.isSubmitting,
  };
}
