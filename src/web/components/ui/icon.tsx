import type { ReactNode } from 'react';

/**
 * An inline line icon on a 24-unit grid (no icon font: one request fewer, the same size on every
 * platform). Decorative: the text beside it carries the meaning.
 */
export function Icon({
  children,
  size = 20,
  className,
}: {
  children: ReactNode;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
