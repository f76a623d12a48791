import '@/i18n/english/notices';
import { localizeMessage, useT } from '@/i18n/i18n';
import { dismissToast, holdToast, releaseToast, useNotifications } from '@/lib/notification-store';
import './notifications.css';
import { NotificationIcon, typeLabels } from './notification-icon';

/**
 * The toasts (docs/product.md#guest-notifications): newest first, at most five, each gone after 5 s with a 0.3 s
 * fade (none when reduced motion is asked for), or at once with its close button. Errors and
 * warnings are alerts; the rest are polite status messages. A toast under the pointer or holding
 * focus waits. A toast is kept in English (the server's, or the site's) and shown in the guest's language.
 */
export function ToastViewport() {
  const { toasts } = useNotifications();
  const t = useT();
  return (
    <div className="toasts" data-testid="toasts">
      {toasts.map((toast) => {
        const title = localizeMessage(toast.title);
        return (
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
                <span className="visually-hidden">{t(typeLabels[toast.type])}: </span>
                {title}
              </p>
              <p className="toast__message">{localizeMessage(toast.message)}</p>
            </div>
            <button type="button" className="toast__close" aria-label={t('Dismiss: {title}', { title })} onClick={() => dismissToast(toast.id)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
