import type { ComponentProps, ReactNode } from 'react';

type FieldFrame = {
  id: string;
  label: ReactNode;
  /** Already translated error text; the control is marked invalid and described by it. */
  error?: string;
  help?: ReactNode;
  /** The frame's classes (mb-3 comes with it). */
  className?: string;
};

/** Classes the control takes beside Bootstrap's own (form-control-lg, text-uppercase). */
type ControlClass = { controlClassName?: string };

const controlClasses = (base: string, control: string | undefined, error: string | undefined) =>
  [base, control, error ? 'is-invalid' : null].filter(Boolean).join(' ');

/** aria-invalid and aria-describedby for a control with this frame's error and help text. */
function a11yProps({ id, error, help }: Pick<FieldFrame, 'id' | 'error' | 'help'>) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined,
  };
}

function Frame({ id, label, error, help, className, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className={className ? `mb-3 ${className}` : 'mb-3'}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
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

/**
 * A labelled Bootstrap input with its error and help text wired for screen readers. Takes
 * react-hook-form's `register(name)` props (ref included, a plain prop in React 19).
 */
export function FormField({
  id,
  label,
  error,
  help,
  className,
  controlClassName,
  ...input
}: FieldFrame & ControlClass & ComponentProps<'input'>) {
  return (
    <Frame id={id} label={label} error={error} help={help} className={className}>
      <input
        id={id}
        name={id}
        className={controlClasses('form-control', controlClassName, error)}
        {...a11yProps({ id, error, help })}
        {...input}
      />
    </Frame>
  );
}

/** FormField's select. */
export function FormSelect({
  id,
  label,
  error,
  help,
  className,
  controlClassName,
  children,
  ...select
}: FieldFrame & ControlClass & ComponentProps<'select'>) {
  return (
    <Frame id={id} label={label} error={error} help={help} className={className}>
      <select
        id={id}
        name={id}
        className={controlClasses('form-select', controlClassName, error)}
        {...a11yProps({ id, error, help })}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

/** FormField's textarea. */
export function FormTextarea({
  id,
  label,
  error,
  help,
  className,
  controlClassName,
  ...textarea
}: FieldFrame & ControlClass & ComponentProps<'textarea'>) {
  return (
    <Frame id={id} label={label} error={error} help={help} className={className}>
      <textarea
        id={id}
        name={id}
        className={controlClasses('form-control', controlClassName, error)}
        {...a11yProps({ id, error, help })}
        {...textarea}
      />
    </Frame>
  );
}
