import { useEffect, useRef } from 'react';
import { ToastViewport } from '@/components/toast-viewport';
import { readGuestToken, readGuestUser, useGuestUser } from '@/lib/guest-session';
import { addNotification, resetNotifications } from '@/lib/notification-store';
import { connectRealtime, onRealtimeEvent, type RealtimeConnection } from '@/lib/realtime';
import { disconnectedNotice, guestEvents, guestNoticeOf } from '../model/guest-notices';

/** A guest joins as user id 'guest'; a signed-in guest also proves who they are, to hear about their own bookings. */
export function guestJoinMessages(): unknown[] {
  const token = readGuestToken();
  const user = token ? readGuestUser() : undefined;
  return [{ action: 'join-customer', userId: user?.id ?? 'guest', ...(token ? { token } : {}) }];
}

/** Runs `task` once the page has loaded and the browser is idle: the socket never competes with the first paint. */
function afterFirstPaint(task: () => void): () => void {
  let idleHandle: number | undefined;
  let timeoutHandle: number | undefined;
  const schedule = () => {
    if (window.requestIdleCallback) idleHandle = window.requestIdleCallback(task, { timeout: 2000 });
    else timeoutHandle = window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    window.clearTimeout(timeoutHandle);
  };
}

/**
 * The guest pages' real-time side (docs/product.md#guest-notifications): connects after the first paint, joins
 * as the guest (with their token when signed in, again after each sign-in or sign-out), turns the
 * guest's own booking events into notifications and toasts, says when a live connection drops,
 * and shows the toasts.
 */
export default function GuestNotifications() {
  const userId = useGuestUser()?.id ?? '';
  const connection = useRef<RealtimeConnection | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    // Live once the server has answered the join: a socket that opens and drops at once (a gateway
    // refusing it) is a failed attempt, not a lost connection, and must not repeat the warning.
    let live = false;
    const stopJoined = onRealtimeEvent('joined', () => {
      live = true;
    });
    const cancelStart = afterFirstPaint(() => {
      void connectRealtime({
        joinMessages: guestJoinMessages,
        onStatus: (status) => {
          if (status !== 'disconnected' || !live) return;
          live = false;
          // Offline, the page's offline notice already says why; the bell still shows the state.
          if (navigator.onLine !== false) addNotification(disconnectedNotice);
        },
      }).then((opened) => {
        if (cancelled) opened?.stop();
        else connection.current = opened;
      });
    });
    return () => {
      cancelled = true;
      stopJoined();
      cancelStart();
      connection.current?.stop();
      connection.current = undefined;
    };
  }, []);

  // Who is signed in decides what the socket joins; a sign-out also forgets the last guest's notifications.
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current === userId) return;
    if (previousUser.current) resetNotifications();
    previousUser.current = userId;
    connection.current?.restart();
  }, [userId]);

  useEffect(() => {
    const stops = guestEvents.map((event) =>
      onRealtimeEvent(event, (_data, frame) => {
        const notice = guestNoticeOf(frame);
        if (notice) addNotification(notice);
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, []);

  return <ToastViewport />;
}
