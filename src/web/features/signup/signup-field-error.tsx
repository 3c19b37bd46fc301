import type { ReactNode } from 'react';
import {
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGNUP_MESSAGE_MAX,
} from '../../../shared/contracts/auth.ts';

/** Every placeholder a sign-up validation text may use, so any code can be shown with any text. */
export function validationVars(minAge: number) {
  return {
    min_age: minAge,
    name_min: NAME_MIN,
    name_max: NAME_MAX,
    password_min: PASSWORD_MIN,
    password_max: PASSWORD_MAX,
    message_max: SIGNUP_MESSAGE_MAX,
  };
}

export const errorId = (field: string) => `signup-${field}-error`;

/**
 * A control's classes, marked invalid with an error, and the props that tie it to its error text
 * for assistive technology.
 */
export function controlProps(field: string, error: string | undefined, className: string) {
  return {
    className: error ? `${className} is-invalid` : className,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(field) : undefined,
  };
}

export function FieldError({
  field,
  text,
  children,
}: {
  field: string;
  /** Already translated (useZodForm's fieldError). */
  text: string | undefined;
  children?: ReactNode;
}) {
  if (!text) return null;
  return (
    <div className="invalid-feedback d-block" id={errorId(field)}>
      {text}
      {children}
    </div>
  );
}
