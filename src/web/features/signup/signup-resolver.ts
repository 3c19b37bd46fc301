import type { Path, Resolver, FieldErrors as ResolverErrors } from 'react-hook-form';
import type { makeSignupSchema, SignupInput } from '../../../shared/contracts/auth.ts';
import {
  type FieldErrors,
  LAST_FORM_STEP,
  type SignupDraft,
  type SignupField,
  type SignupStep,
  validateAll,
  validateStep,
} from './signup-steps.ts';

/**
 * The sign-up forms' checks as react-hook-form resolvers. The inputs hold the draft (three date
 * selects, "looking for"), while errors are kept under the schema's field names (date_of_birth,
 * sexuality): the names the schema and the server report them under.
 */

/** Where the form keeps a schema field's error (setError, clearErrors): under the schema's name. */
export const errorPath = (field: SignupField) => field as Path<SignupDraft>;

type Checked<O> = { ok: true; input: O } | { ok: false; errors: FieldErrors };

/** A check of the whole draft (validateStep, validateCompletion, …) as a resolver. */
export function draftResolver<O>(
  check: (draft: SignupDraft) => Checked<O>,
): Resolver<SignupDraft, unknown, O> {
  return (draft) => {
    const checked = check(draft);
    if (checked.ok) return { values: checked.input, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(checked.errors).map(([field, code]) => [field, { type: 'validate', message: code }]),
    );
    return { values: {}, errors: errors as ResolverErrors<SignupDraft> };
  };
}

/**
 * The wizard's step: its own fields, with later steps' stand-ins so cross-field checks still run.
 * The last step then checks the whole draft, whose errors may belong to an earlier step; only then
 * does the form hand over the body for POST /api/signup.php.
 */
export function signupStepResolver(
  schema: ReturnType<typeof makeSignupSchema>,
  step: SignupStep,
): Resolver<SignupDraft, unknown, SignupInput | undefined> {
  return draftResolver((draft): Checked<SignupInput | undefined> => {
    const errors = validateStep(schema, step, draft);
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    if (step < LAST_FORM_STEP) return { ok: true, input: undefined };
    return validateAll(schema, draft);
  });
}
