import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * A sign-up field's frame: its label (with "optional" where the step may be left without it), then
 * the control with its error and help as children, in the order each step wants them.
 */
export function SignupField({
  id,
  label,
  optional = false,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
        {optional && (
          <>
            {' '}
            <span className="optional-mark">{t('signup.optional')}</span>
          </>
        )}
      </label>
      {children}
    </div>
  );
}
