import type { FieldErrors, SignupDraft } from './signup-steps.ts';

export type StepProps = {
  draft: SignupDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<SignupDraft>) => void;
  minAge: number;
};
