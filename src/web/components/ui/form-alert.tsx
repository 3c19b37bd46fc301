import type { ReactNode } from 'react';

/** The form-level error above a form's fields; nothing when there is none. */
export function FormAlert({ message, children }: { message: string | undefined; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {message}
      {children}
    </div>
  );
}
