import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useRef } from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
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
import { useHydrated } from './use-hydrated.ts';

type Schema = z.ZodType<FieldValues, FieldValues>;

type Options<V extends FieldValues, O, E extends string> = Omit<UseFormProps<V, unknown, O>, 'resolver'> & {
  /**
   * The inputs that show their own error; the errors of the others (the server's, or the schema's
   * for an input this form does not show) move above the form. All of them when left out. A form
   * whose inputs feed schema fields of other names (the sign-up's three date selects) lists the
   * schema's names, under which its errors are kept.
   */
  shownFields?: readonly E[];
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
 *
 * A form whose inputs are not the schema's fields one to one (the sign-up wizard checks one step
 * at a time, its date is three selects) passes a resolver that applies the shared schema itself.
 */
export function useZodForm<S extends Schema, E extends string = never>(
  schema: S,
  options?: Options<z.input<S>, z.output<S>, E>,
): ZodForm<z.input<S>, z.output<S>, E>;
export function useZodForm<V extends FieldValues, O, E extends string = never>(
  resolver: Resolver<V, unknown, O>,
  options?: Options<V, O, E>,
): ZodForm<V, O, E>;
export function useZodForm(source: Schema | Resolver<FieldValues, unknown, unknown>, options = {}) {
  const resolver: Resolver<FieldValues, unknown, unknown> =
    typeof source === 'function' ? source : (zodResolver(source as never) as never);
  return useFormWith(resolver, options);
}

type ZodForm<V extends FieldValues, O, E extends string> = ReturnType<typeof useFormWith<V, O, E>>;

function useFormWith<V extends FieldValues, O, E extends string>(
  resolver: Resolver<V, unknown, O>,
  options: Options<V, O, E>,
) {
  const { shownFields: _, vars, ...formOptions } = options;
  const shownFields: readonly string[] | undefined = options.shownFields;
  const { t } = useTranslation();
  const form = useForm<V, unknown, O>({
    resolver: resolver as never,
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
      form.setError(field as Path<V>, { type: 'server', message: code });
    }
    if (read.form) {
      serverVars.current = read.form.vars;
      form.setError('root.server', { type: read.form.kind, message: read.form.code });
    }
    focusFirstError();
  };

  /**
   * A submit handler: the schema first, then `send` with the parsed values; failures land in the
   * form. `onInvalid` may first bring the invalid inputs on screen (the wizard's earlier step).
   */
  const hydrated = useHydrated();
  const sending = form.formState.isSubmitting;

  const onSubmit =
    (send: (values: O) => Promise<unknown> | unknown, onInvalid?: (errors: FieldErrors<V>) => void) =>
    (event?: FormEvent<HTMLFormElement>) =>
      form.handleSubmit(
        async (values) => {
          try {
            await send(values);
          } catch (error) {
            showApiError(error);
          }
        },
        (errors) => {
          onInvalid?.(errors);
          focusFirstError();
        },
      )(event);

  const fieldError = (name: Path<V> | E): string | undefined => {
    if (!shown(name)) return undefined;
    const code = messageOf(get(errors, name));
    return code ? fieldErrorText(t, code, vars) : undefined;
  };

  /** An input's registration with its error text, spread into FormField: `{...field('email')}`. */
  const field = (name: Path<V>) => ({ ...form.register(name), error: fieldError(name) });

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
    /** For errors a form sets itself: the first invalid input gets the focus once they are rendered. */
    focusFirstError,
    fieldError,
    field,
    formError: above && formErrorText(t, above, vars),
    /** The error code above the form, for forms that offer a way out (reactivate, request a new link). */
    formErrorCode: above?.kind === 'error' ? above.code : undefined,
    /**
     * Whether the submit button waits: while the form is sent, and before the page's script runs.
     * A form without a server path of its own, clicked before that, is sent by the browser itself:
     * its fields (a password too) end up in the address, and what was typed is lost (a journey
     * clicked "Opslaan en beginnen" on /complete-signup that early on a busy machine).
     */
    busy: sending || !hydrated,
    /** Only while the form is sent: for a form that works without JavaScript (a post to its route). */
    sending,
  };
}
