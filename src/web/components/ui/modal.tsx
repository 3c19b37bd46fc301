import { type ReactNode, useEffect, useId, useRef } from 'react';

type ModalProps = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Called on Escape, backdrop click or the close button; omitted = cannot be dismissed that way. */
  onClose?: () => void;
  size?: 'md' | 'lg' | 'xl';
  closeLabel?: string;
  className?: string;
};

/**
 * A modal on the native <dialog>: focus trapping, Escape and the top layer come from the
 * browser, styled with Bootstrap's modal classes.
 */
export function Modal({
  open,
  title,
  children,
  footer,
  onClose,
  size = 'md',
  closeLabel = 'Close',
  className,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the backdrop closes; keyboard users close with Escape (onCancel), natively.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard path
    <dialog
      ref={ref}
      className={`app-dialog app-dialog-${size} ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose?.();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 className="modal-title h5" id={titleId}>
            {title}
          </h2>
          {onClose && (
            <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} />
          )}
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </dialog>
  );
}
