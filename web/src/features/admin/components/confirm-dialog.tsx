import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';

/**
 * Asks before something that cannot be undone, in words that name what will happen ('Are you sure
 * you want to delete this cottage?': docs/product.md#catalogue-tabs, docs/product.md#booking-statuses).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  danger,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose} description={message} className="confirm-dialog">
      {children}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onClose} data-autofocus>
          Keep it
        </button>
        <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? 'Working...' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
