import { useEffect } from 'react';
import { NotificationBell } from '@/components/notification-bell';
import { ToastViewport } from '@/components/toast-viewport';
import { readAdminToken } from '@/lib/admin-session';
import { addNotification } from '@/lib/notification-store';
import { connectRealtime, deliverFrame, onRealtimeEvent, type RealtimeConnection } from '@/lib/realtime';
import { adminEvents, adminNoticeOf } from './admin-notices';
import { createFeedPoller } from './feed-polling';
import './admin-notifications.css';

/**
 * The portal's live side (docs/product.md#staff-notifications): the socket joins the staff channel with the
 * admin token (the server checks it); while the socket is down the feed is polled instead, and
 * when it comes back one catch-up read fills the gap. Every frame, from either, reaches the tabs
 * through the same events (`onRealtimeEvent`), the bell and, unless routine, a toast.
 */
export default function AdminNotifications() {
  useEffect(() => {
    const seen = new Set<string>();
    // History read at start or after a reconnect goes to the bell quietly: a burst of old toasts is noise.
    const quiet = new Set<string>();
    const poller = createFeedPoller({
      seen,
      onFrame: (frame, { catchingUp }) => {
        if (catchingUp && frame.id) quiet.add(frame.id);
        deliverFrame(frame);
      },
    });
    let connection: RealtimeConnection | undefined;
    let cancelled = false;
    const stopNotices = adminEvents.map((event) =>
      onRealtimeEvent(event, (_data, frame) => {
        if (frame.id) seen.add(frame.id);
        const result = adminNoticeOf(frame);
        if (result) addNotification(result.notice, { toast: result.toast && !(frame.id && quiet.has(frame.id)) });
      }),
    );
    void connectRealtime({
      joinMessages: () => [{ action: 'join-admin', token: readAdminToken() ?? '' }],
      onStatus: (status) => {
        if (status === 'disconnected') poller.start();
        else {
          poller.stop();
          void poller.catchUp();
        }
      },
    }).then((opened) => {
      if (cancelled) opened?.stop();
      else if (!opened) poller.start();
      else connection = opened;
    });
    return () => {
      cancelled = true;
      stopNotices.forEach((stop) => stop());
      poller.stop();
      connection?.stop();
    };
  }, []);

  return (
    <div className="admin-bell">
      <NotificationBell />
      <ToastViewport />
    </div>
  );
}
