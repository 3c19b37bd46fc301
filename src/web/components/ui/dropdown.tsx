import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

type DropdownProps = {
  label: ReactNode;
  /**
   * What the button does, for screen readers, after its visible label (which may be only a
   * language code or a name). Not an `aria-label`: that would replace the visible words, and a
   * voice-control user says what they see (WCAG 2.5.3, label in name).
   */
  hiddenLabel?: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  buttonClassName?: string;
};

/** A menu button with Bootstrap's dropdown look, closed by Escape, outside clicks and choosing. */
export function Dropdown({
  label,
  hiddenLabel,
  children,
  align = 'end',
  buttonClassName = 'btn btn-outline-secondary',
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className={`${buttonClassName} dropdown-toggle`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
        {hiddenLabel && <span className="visually-hidden"> {hiddenLabel}</span>}
      </button>
      <ul
        id={menuId}
        className={`dropdown-menu${open ? ' show' : ''}${align === 'end' ? ' dropdown-menu-end' : ''}`}
      >
        {children(() => setOpen(false))}
      </ul>
    </div>
  );
}
