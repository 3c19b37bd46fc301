import type { ComponentProps, ReactNode } from 'react';

/**
 * A Bootstrap radio button or checkbox with its label after it; `children` come below both (a
 * hint the input is described by).
 */
export function FormCheck({
  id,
  label,
  children,
  ...input
}: { id: string; type: 'radio' | 'checkbox'; label: ReactNode; children?: ReactNode } & Omit<
  ComponentProps<'input'>,
  'children'
>) {
  return (
    <div className="form-check">
      <input className="form-check-input" id={id} {...input} />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
