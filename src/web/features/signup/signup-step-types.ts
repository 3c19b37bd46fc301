import type { Control } from 'react-hook-form';
import type { SignupDraft, SignupField } from './signup-steps.ts';

export type StepProps = {
  control: Control<SignupDraft, unknown, unknown>;
  /** The translated error of a schema field (date_of_birth for the three date selects). */
  fieldError: (field: SignupField) => string | undefined;
  minAge: number;
};
