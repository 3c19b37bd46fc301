import { type RefObject, useEffect, useRef } from 'react';

/**
 * After the form shows errors, focus goes to the first invalid field (screen readers announce its
 * error, phones scroll to it). Call the returned function when setting errors; the focus moves
 * once they are rendered.
 */
export function useFocusFirstError(root: RefObject<HTMLElement | null>): () => void {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    root.current?.querySelector<HTMLElement>('[aria-invalid="true"], .is-invalid')?.focus();
  });
  return () => {
    pending.current = true;
  };
}
