import { useEffect, useRef } from 'react';
import { type Control, type UseFormReturn, useController } from 'react-hook-form';
import { errorPath } from './signup-resolver.ts';
import { fieldOfDraftKey, type SignupDraft } from './signup-steps.ts';

/**
 * An input of the sign-up draft, controlled by the form so its value survives the step's unmount
 * and options that arrive later (regions) still show it. No name attribute: without JavaScript
 * the form falls back to a GET, which must never carry a password.
 */
export function useDraftField<K extends keyof SignupDraft>(
  control: Control<SignupDraft, unknown, unknown>,
  name: K,
) {
  const { field } = useController({ control, name });
  return {
    value: field.value as SignupDraft[K],
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
  };
}

/**
 * A changed input drops the error of the schema field it feeds (any of the three date selects
 * that of date_of_birth); the other errors stand until the next submit, as the form is not
 * checked again while typing.
 */
export function useClearErrorOnChange(
  form: UseFormReturn<SignupDraft, unknown, unknown>,
  onChange?: (name: keyof SignupDraft) => void,
) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (!name) return;
      form.clearErrors(errorPath(fieldOfDraftKey(name)));
      latest.current?.(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
