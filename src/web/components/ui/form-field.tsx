import type { InputHTMLAttributes, ReactNode } from 'react';

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  /** Already translated error text; the input is marked invalid and described by it. */
  error?: string;
  help?: ReactNode;
};

/** A labelled Bootstrap input with its error and help text wired for screen readers. */
export function FormField({ id, label, error, help, className, ...input }: FormFieldProps) {
  const describedBy =
    [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`mb-3 ${className ?? ''}`}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      )}
      {help && (
        <div className="form-text" id={`${id}-help`}>
          {help}
        </div>
      )}
    </div>
  );
}
