import type { MessageId } from '@/i18n/i18n';
import type { NotificationType } from '@/lib/notification-store';

/** What a screen reader hears before a notification's title (a message id: `t` it): the colour and the icon say it to the eye. */
export const typeLabels: Record<NotificationType, MessageId> = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Information' };

const paths: Record<NotificationType, string> = {
  success: 'M8 12.5l2.5 2.5L16 9.5',
  error: 'M9 9l6 6M15 9l-6 6',
  warning: 'M12 8v5M12 16.5v.5',
  info: 'M12 11v5M12 7.5v.5',
};

/** A circled mark per type: tick, cross, exclamation, 'i'. */
export function NotificationIcon({ type }: { type: NotificationType }) {
  return (
    <svg
      className="notification-icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" />
      <path d={paths[type]} />
    </svg>
  );
}
