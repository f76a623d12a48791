import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/i18n/i18n';
import { preloadable } from '@/lib/preloadable';
import { markAllRead, useNotifications } from '@/lib/notification-store';
import { BellIcon } from './bell-icon';
import './notifications.css';

const NotificationPanel = preloadable(() => import('./notification-panel'));

/** The counter shows '99+' above 99 (docs/product.md#guest-notifications). */
export const formatUnread = (count: number): string => (count > 99 ? '99+' : String(count));

export const DISCONNECTED_TOOLTIP = 'Real-time updates disconnected';

/**
 * The header's bell (docs/product.md#guest-notifications): the unread counter, reset when the bell is clicked; the list of
 * notifications in a panel below it (its own chunk); and, while the real-time connection is down,
 * a crossed-out mark and the tooltip 'Real-time updates disconnected'.
 */
export function NotificationBell({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { unread, connection } = useNotifications();
  const [open, setOpen] = useState(initiallyOpen);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const tooltipId = useId();
  const disconnected = connection === 'disconnected';
  const t = useT();

  // The panel's code arrives once the page is idle, so the first click opens it at once.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    idle(() => void NotificationPanel.load().catch(() => undefined));
  }, []);

  // A click or tap outside closes the panel; Escape closes it and gives focus back to the bell.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const label = unread > 99 ? t('Notifications, more than 99 unread') : unread > 0 ? t('Notifications, {count} unread', { count: unread }) : t('Notifications');
  return (
    <div className="bell" ref={wrapper} data-connection={connection}>
      <button
        ref={button}
        type="button"
        className={`bell__button${disconnected ? ' bell__button--disconnected' : ''}`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-describedby={disconnected ? tooltipId : undefined}
        data-testid="notification-bell"
        onClick={() => {
          markAllRead();
          setOpen((current) => !current);
        }}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="bell__count" data-testid="unread-count" aria-hidden="true">
            {formatUnread(unread)}
          </span>
        )}
        {disconnected && <span className="bell__offline" aria-hidden="true" />}
      </button>
      {disconnected && (
        <span className="bell__tooltip" role="tooltip" id={tooltipId}>
          {t('Real-time updates disconnected')}
        </span>
      )}
      {open && (
        <Suspense
          fallback={
            <div className="notification-panel" id={panelId}>
              <span className="visually-hidden" role="status">
                {t('Loading notifications...')}
              </span>
            </div>
          }
        >
          <NotificationPanel
            id={panelId}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
