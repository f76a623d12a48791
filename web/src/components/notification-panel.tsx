import { useEffect, useId, useState } from 'react';
import '@/i18n/english/notices';
import { localizeMessage, useT } from '@/i18n/i18n';
import { useNotifications } from '@/lib/notification-store';
import { formatTimeAgo } from '@/lib/relative-time';
import { NotificationIcon, typeLabels } from './notification-icon';

/** The time labels move on while the panel is open. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The bell's panel: the notifications of this visit, newest first, each with its time ('Just now', '5m ago', ...). */
export default function NotificationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { notifications, connection } = useNotifications();
  const now = useNow(30_000);
  const titleId = useId();
  const t = useT();
  return (
    <div className="notification-panel" id={id} role="region" aria-labelledby={titleId} data-testid="notification-panel">
      <div className="notification-panel__header">
        <p className="notification-panel__title" id={titleId}>
          {t('Notifications')}
        </p>
        <button type="button" className="notification-panel__close" aria-label={t('Close notifications')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {connection === 'disconnected' && (
        <p className="notification-panel__offline" role="status">
          {t('Real-time updates disconnected. Reconnecting...')}
        </p>
      )}
      {notifications.length === 0 ? (
        <p className="notification-panel__empty">{t('No notifications yet. News about your bookings will appear here.')}</p>
      ) : (
        <ul className="notification-list">
          {notifications.map((notification) => (
            <li key={notification.id} className={`notification notification--${notification.type}`}>
              <NotificationIcon type={notification.type} />
              <div className="notification__body">
                <p className="notification__title">
                  <span className="visually-hidden">{t(typeLabels[notification.type])}: </span>
                  {localizeMessage(notification.title)}
                </p>
                <p className="notification__message">{localizeMessage(notification.message)}</p>
              </div>
              <time className="notification__time" dateTime={new Date(notification.timestamp).toISOString()}>
                {formatTimeAgo(notification.timestamp, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
