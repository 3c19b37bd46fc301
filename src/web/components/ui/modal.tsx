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
  /**
   * The footer starts with a button that does what the × does, under closeLabel: a confirmation's
   * "Cancel" and its × are one way out, so they cannot come to say or do different things.
   */
  cancelInFooter?: boolean;
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
  cancelInFooter = false,
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
        {(footer || cancelInFooter) && (
          <div className="modal-footer">
            {cancelInFooter && (
              <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                {closeLabel}
              </button>
            )}
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}
