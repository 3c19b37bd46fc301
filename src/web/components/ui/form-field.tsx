import type { ComponentProps, ReactNode } from 'react';

type FieldFrame = {
  id: string;
  label: ReactNode;
  /** Already translated error text; the control is marked invalid and described by it. */
  error?: string;
  help?: ReactNode;
  className?: string;
};

/** aria-invalid and aria-describedby for a control with this frame's error and help text. */
function a11yProps({ id, error, help }: Pick<FieldFrame, 'id' | 'error' | 'help'>) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined,
  };
}

function Frame({ id, label, error, help, className = '', children }: FieldFrame & { children: ReactNode }) {
  // A margin of the caller's replaces the field's own: both are !important utilities, and the one
  // later in the stylesheet would win whatever the caller asked (mb-0 lost to mb-3).
  const margin = /(^|\s)mb-\d(\s|$)/.test(className) ? '' : 'mb-3';
  return (
    <div className={[margin, className].filter(Boolean).join(' ')}>
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
  large = false,
  ...input
}: FieldFrame &
  ComponentProps<'input'> & { /** Bootstrap's large control (a lander's one field). */ large?: boolean }) {
  return (
    <Frame id={id} label={label} error={error} help={help} className={className}>
      <input
        id={id}
        name={id}
        className={`form-control${large ? ' form-control-lg' : ''}${error ? ' is-invalid' : ''}`}
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
  children,
  ...select
}: FieldFrame & ComponentProps<'select'>) {
  return (
    <Frame id={id} label={label} error={error} help={help} className={className}>
      <select
        id={id}
        name={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
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
  ...textarea
}: FieldFrame & ComponentProps<'textarea'>) {
  return (
    <Frame id={id} label={label} error={error} help={help} className={className}>
      <textarea
        id={id}
        name={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...a11yProps({ id, error, help })}
        {...textarea}
      />
    </Frame>
  );
}
