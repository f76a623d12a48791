import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '@/i18n/i18n';

type DialogProps = {
  open: boolean;
  title: ReactNode;
  /** Escape, the close button and a click on the backdrop call this. */
  onClose: () => void;
  children: ReactNode;
  /** Shown under the title, read as the dialog's description. */
  description?: ReactNode;
  className?: string;
  /** Hide the × button when the dialog offers its own way out. */
  hideCloseButton?: boolean;
};

/**
 * A modal dialog on the browser's own `<dialog>` and `showModal()`: the page behind is inert, focus
 * stays inside, Escape closes, and focus returns to what opened it. No hand-written focus trap.
 * Focus moves to the first control marked `data-autofocus`, else to the dialog's title.
 */
export function Dialog({ open, title, onClose, children, description, className, hideCloseButton }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Opened in the commit that renders its content, not a frame later (a layout effect, not an effect).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(`[id="${titleId}"]`);
      target?.focus();
      return () => {
        if (opener?.isConnected) opener.focus();
      };
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    return undefined;
  }, [open, titleId]);

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its content box.
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      {open && (
        <div className="dialog__content">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title" tabIndex={-1}>
              {title}
            </h2>
            {!hideCloseButton && (
              <button type="button" className="dialog__close" aria-label={t('Close')} onClick={() => onCloseRef.current()}>
                ×
              </button>
            )}
          </div>
          {description && (
            <div id={descriptionId} className="dialog__description">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
