import type { ComponentProps } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';

type Name = 'password' | 'password_repeat';

/**
 * A new password typed twice (the settings' change, a reset by mail): the schemas' `password` and
 * `password_repeat`, which password managers fill as a new password. `field` is the form's own
 * (useZodForm), `labels` each input's.
 */
export function NewPasswordFields({
  field,
  labels,
  required,
}: {
  field: (name: Name) => Omit<ComponentProps<typeof FormField>, 'id' | 'label'>;
  labels: Record<Name, string>;
  required?: boolean;
}) {
  return (['password', 'password_repeat'] as const).map((name) => (
    <FormField
      key={name}
      id={name}
      type="password"
      label={labels[name]}
      autoComplete="new-password"
      required={required}
      {...field(name)}
    />
  ));
}
