import { dismissToast, holdToast, releaseToast, useNotifications } from '@/lib/notification-store';
import './notifications.css';
import { NotificationIcon, typeLabels } from './notification-icon';

/**
 * The toasts (docs/product.md#guest-notifications): newest first, at most five, each gone after 5 s with a 0.3 s
 * fade (none when reduced motion is asked for), or at once with its close button. Errors and
 * warnings are alerts; the rest are polite status messages. A toast under the pointer or holding
 * focus waits.
 */
export function ToastViewport() {
  const { toasts } = useNotifications();
  return (
    <div className="toasts" data-testid="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          aria-atomic="true"
          className={`toast toast--${toast.type}${toast.leaving ? ' toast--leaving' : ''}`}
          // A fading toast is on its way out: nothing in it can be used or read any more.
          inert={toast.leaving}
          data-testid="toast"
          onPointerEnter={() => holdToast(toast.id)}
          onPointerLeave={() => releaseToast(toast.id)}
          onFocus={() => holdToast(toast.id)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) releaseToast(toast.id);
          }}
        >
          <NotificationIcon type={toast.type} />
          <div className="toast__body">
            <p className="toast__title">
              <span className="visually-hidden">{typeLabels[toast.type]}: </span>
              {toast.title}
            </p>
            <p className="toast__message">{toast.message}</p>
          </div>
          <button type="button" className="toast__close" aria-label={`Dismiss: ${toast.title}`} onClick={() => dismissToast(toast.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
