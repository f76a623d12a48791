import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell, formatUnread } from '@/components/notification-bell';
import { ToastViewport } from '@/components/toast-viewport';
import GuestNotifications from '@/features/notifications/components/guest-notifications';
import { addNotification, readNotifications, resetNotifications, setConnection } from '@/lib/notification-store';
import { configureRealtime } from '@/lib/realtime';
import { CONNECT_TIMEOUT_MS, RealtimeSocket, reconnectDelay, type RealtimeFrame } from '@/lib/realtime-socket';
import { formatTimeAgo } from '@/lib/relative-time';
import { guestNoticeOf } from '@/features/notifications/model/guest-notices';
import { FakeWebSocket } from './support/fake-websocket';
import { signInAs } from './support/app-harness';

const info = (title: string) => ({ type: 'info' as const, title, message: `${title} message` });

beforeEach(() => {
  resetNotifications();
  setConnection('connecting');
  FakeWebSocket.reset();
});
afterEach(() => {
  localStorage.clear();
});

describe('the bell', () => {
  it("counts unread notifications, shows '99+' above 99, and resets the count when clicked", async () => {
    // Prepare
    render(<NotificationBell />);
    const bell = screen.getByTestId('notification-bell');
    expect(screen.queryByTestId('unread-count')).toBeNull();
    expect(bell.getAttribute('aria-label')).toBe('Notifications');
    // Act: three, then a hundred
    act(() => ['One', 'Two', 'Three'].forEach((title) => addNotification(info(title), { toast: false })));
    // Assess
    expect(screen.getByTestId('unread-count').textContent).toBe('3');
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 3 unread');
    act(() => Array.from({ length: 97 }, (_, index) => addNotification(info(`N${index}`), { toast: false })));
    expect(screen.getByTestId('unread-count').textContent).toBe('99+');
    expect(bell.getAttribute('aria-label')).toBe('Notifications, more than 99 unread');

    // Act: the click opens the panel and reads everything
    await userEvent.click(bell);
    // Assess
    expect(screen.queryByTestId('unread-count')).toBeNull();
    expect(readNotifications().unread).toBe(0);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(50);
    expect(within(panel).getAllByRole('listitem')[0]?.textContent).toContain('N96');
  });

  it('formats the counter: the number up to 99, then 99+', () => {
    expect([0, 1, 99, 100, 250].map(formatUnread)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it("says 'Real-time updates disconnected' while the connection is down, and not before or after", () => {
    render(<NotificationBell />);
    const bell = screen.getByTestId('notification-bell');
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => setConnection('disconnected'));
    expect(screen.getByRole('tooltip').textContent).toBe('Real-time updates disconnected');
    expect(bell.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    act(() => setConnection('connected'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(bell.hasAttribute('aria-describedby')).toBe(false);
  });

  it('closes the panel with Escape, giving focus back to the bell', async () => {
    render(<NotificationBell />);
    const bell = screen.getByTestId('notification-bell');
    await userEvent.click(bell);
    await screen.findByRole('region', { name: 'Notifications' });
    expect(screen.getByText('No notifications yet. News about your bookings will appear here.')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });
});

describe('time labels', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it("reads 'Just now' under a minute, 'Nm ago' under an hour, 'Nh ago' under a day, then the date", () => {
    expect(formatTimeAgo(now, now)).toBe('Just now');
    expect(formatTimeAgo(now - 59_999, now)).toBe('Just now');
    expect(formatTimeAgo(now - 60_000, now)).toBe('1m ago');
    expect(formatTimeAgo(now - 59 * 60_000 - 59_000, now)).toBe('59m ago');
    expect(formatTimeAgo(now - 60 * 60_000, now)).toBe('1h ago');
    expect(formatTimeAgo(now - 23 * 3_600_000 - 59 * 60_000, now)).toBe('23h ago');
    const twoDaysAgo = now - 2 * 86_400_000;
    expect(formatTimeAgo(twoDaysAgo, now)).toBe(new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(twoDaysAgo));
    // A clock a little ahead of this one is still 'Just now'.
    expect(formatTimeAgo(now + 5_000, now)).toBe('Just now');
  });

  it('shows each notification with its label in the panel, and moves the labels on while it is open', async () => {
    // Prepare
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-22T12:00:00Z') });
    const minutes = (count: number) => Date.now() - count * 60_000;
    addNotification({ ...info('Yesterday'), timestamp: Date.now() - 26 * 3_600_000 }, { toast: false });
    addNotification({ ...info('Hours'), timestamp: minutes(125) }, { toast: false });
    addNotification({ ...info('Minutes'), timestamp: minutes(5) }, { toast: false });
    addNotification(info('Fresh'), { toast: false });
    render(<NotificationBell />);
    // Act
    fireEvent.click(screen.getByTestId('notification-bell'));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    // Assess
    const labels = () =>
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('time')?.textContent);
    expect(labels()).toEqual(['Just now', '5m ago', '2h ago', 'Nov 21, 2026']);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(labels()).toEqual(['1m ago', '6m ago', '2h ago', 'Nov 21, 2026']);
  });
});

describe('toasts', () => {
  it('keeps at most five, newest first; each fades after 5 s and is gone 0.3 s later', async () => {
    // Prepare
    vi.useFakeTimers();
    render(<ToastViewport />);
    const titles = () => screen.queryAllByTestId('toast').map((toast) => toast.querySelector('.toast__title')?.textContent?.replace(/^\w+: /, ''));
    // Act: six, one second apart
    for (const title of ['1', '2', '3', '4', '5', '6']) {
      act(() => addNotification(info(title)));
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    // Assess: the oldest is gone at once; newest first
    expect(titles()).toEqual(['6', '5', '4', '3', '2']);
    // '2' was shown at t=1 s: at t=6 s it starts to fade
    expect(screen.getAllByTestId('toast')[4]?.className).toContain('toast--leaving');
    expect(screen.getAllByTestId('toast')[4]?.hasAttribute('inert')).toBe(true);
    expect(screen.getAllByTestId('toast')[0]?.className).not.toContain('toast--leaving');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(titles()).toHaveLength(5);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(titles()).toEqual(['6', '5', '4', '3']);
    // All gone 5.3 s after the last one came
    await act(() => vi.advanceTimersByTimeAsync(5_300));
    expect(titles()).toEqual([]);
    // The bell's list keeps them all
    expect(readNotifications().notifications.map((notification) => notification.title)).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('are alerts for errors and warnings, status messages otherwise, and close with their button', async () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() => {
      addNotification({ type: 'success', title: 'Booking Confirmed', message: 'Booking VM1 is confirmed' });
      addNotification({ type: 'error', title: 'Payment Failed', message: 'Payment could not be processed' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Payment Failed');
    expect(screen.getByRole('status').textContent).toContain('Booking Confirmed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Payment Failed' }));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('leave at once, without the fade, when the visitor asks for reduced motion', async () => {
    vi.useFakeTimers();
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('reduce') })) as typeof window.matchMedia;
    try {
      render(<ToastViewport />);
      act(() => addNotification(info('Quiet')));
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(screen.queryAllByTestId('toast')).toEqual([]);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('wait while the pointer is on them, then get their full 5 s again', async () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() => addNotification(info('Hold me')));
    await act(() => vi.advanceTimersByTimeAsync(4000));
    fireEvent.pointerEnter(screen.getByTestId('toast'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    fireEvent.pointerLeave(screen.getByTestId('toast'));
    await act(() => vi.advanceTimersByTimeAsync(5300));
    expect(screen.queryAllByTestId('toast')).toEqual([]);
  });
});

describe('the real-time socket', () => {
  const frames: RealtimeFrame[] = [];
  const statuses: string[] = [];
  const socketFor = () =>
    new RealtimeSocket({
      url: 'ws://resort.test/ws',
      joinMessages: () => [{ action: 'join-customer', userId: 'guest' }],
      onFrame: (frame) => frames.push(frame),
      onStatus: (status, { wasConnected }) => statuses.push(`${status}${wasConnected ? ' (was connected)' : ''}`),
      WebSocketImpl: FakeWebSocket,
      events: window,
    });
  beforeEach(() => {
    frames.length = 0;
    statuses.length = 0;
  });

  it('passes each frame on once: a repeated id is dropped, frames without an id and malformed ones are handled', () => {
    // Prepare
    const socket = socketFor();
    socket.start();
    FakeWebSocket.latest.accept();
    // Act
    const frame = { id: 'rec-1:0', event: 'booking-update', data: { message: 'Booking VM1 is reserved' }, at: '2026-11-22T10:00:00Z' };
    FakeWebSocket.latest.receive(frame);
    FakeWebSocket.latest.receive(frame);
    FakeWebSocket.latest.receive({ ...frame, id: 'rec-1:1' });
    FakeWebSocket.latest.receive({ event: 'pong', data: {} });
    FakeWebSocket.latest.receive('not json');
    FakeWebSocket.latest.receive({ data: {} });
    // Assess
    expect(frames.map((received) => received.id ?? received.event)).toEqual(['rec-1:0', 'rec-1:1', 'pong']);
    expect(FakeWebSocket.latest.sent).toEqual([{ action: 'join-customer', userId: 'guest' }]);
    socket.stop();
  });

  it('retries 5 times 1 s apart, then backs off exponentially up to 30 s, and starts over once connected', async () => {
    // Prepare
    vi.useFakeTimers({ now: 0 });
    const socket = socketFor();
    // Act: every attempt is refused
    socket.start();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      FakeWebSocket.latest.drop();
      await vi.advanceTimersToNextTimerAsync();
    }
    // Assess: the waits between attempts
    const waits = FakeWebSocket.opened.slice(1).map((socket, index) => socket.createdAt - (FakeWebSocket.opened[index]?.createdAt ?? 0));
    expect(waits).toEqual([1000, 1000, 1000, 1000, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(statuses.every((status) => status === 'disconnected')).toBe(true);
    expect([1, 5, 6, 9, 10, 50].map(reconnectDelay)).toEqual([1000, 1000, 2000, 16_000, 30_000, 30_000]);

    // Act: one attempt gets through, then the connection drops
    FakeWebSocket.latest.accept();
    FakeWebSocket.latest.drop();
    const dropped = Date.now();
    await vi.advanceTimersToNextTimerAsync();
    // Assess: the schedule starts again at 1 s, and the drop is told apart from a refused attempt
    expect(FakeWebSocket.latest.createdAt - dropped).toBe(1000);
    expect(statuses.slice(-2)).toEqual(['connected', 'disconnected (was connected)']);
    socket.stop();
  });

  it('retries a socket the browser refuses to make, like a refused connection', async () => {
    vi.useFakeTimers({ now: 0 });
    let refusals = 1;
    class Refusing extends FakeWebSocket {
      constructor(url: string) {
        if (refusals-- > 0) throw new DOMException('An insecure WebSocket connection may not be initiated', 'SecurityError');
        super(url);
      }
    }
    const socket = new RealtimeSocket({
      url: 'ws://resort.test/ws',
      joinMessages: () => [],
      onFrame: () => undefined,
      onStatus: (status) => statuses.push(status),
      WebSocketImpl: Refusing,
    });
    socket.start();
    expect(statuses).toEqual(['disconnected']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.opened).toHaveLength(1);
    socket.stop();
  });

  it('gives up an attempt that has not opened within 5 s, and retries', async () => {
    vi.useFakeTimers({ now: 0 });
    const socket = socketFor();
    socket.start();
    const first = FakeWebSocket.latest;
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(FakeWebSocket.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(first.closedByPage).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.opened).toHaveLength(2);
    socket.stop();
  });

  it('reconnects at once when the browser comes back online or the tab becomes visible, and lets go when it goes offline', async () => {
    vi.useFakeTimers({ now: 0 });
    const socket = socketFor();
    socket.start();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      FakeWebSocket.latest.drop();
      await vi.advanceTimersToNextTimerAsync();
    }
    FakeWebSocket.latest.drop();
    const count = FakeWebSocket.opened.length;
    // Act
    window.dispatchEvent(new Event('online'));
    // Assess: a new attempt now, not in 16 s
    expect(FakeWebSocket.opened).toHaveLength(count + 1);
    FakeWebSocket.latest.drop();
    // The browser fires it at the document; it bubbles to the window.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(FakeWebSocket.opened).toHaveLength(count + 2);
    // An attempt still opening when the network returns is replaced at once
    FakeWebSocket.latest.drop();
    await vi.advanceTimersToNextTimerAsync();
    const hanging = FakeWebSocket.latest;
    window.dispatchEvent(new Event('online'));
    expect(hanging.closedByPage).toBe(true);
    expect(FakeWebSocket.opened).toHaveLength(count + 4);
    // An open socket is left alone
    FakeWebSocket.latest.accept();
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.opened).toHaveLength(count + 4);
    // Going offline ends it at once, and the schedule starts again at 1 s
    statuses.length = 0;
    window.dispatchEvent(new Event('offline'));
    expect(FakeWebSocket.latest.closedByPage).toBe(true);
    expect(statuses).toEqual(['disconnected (was connected)']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.opened).toHaveLength(count + 5);
    socket.stop();
    expect(FakeWebSocket.latest.closedByPage).toBe(true);
  });
});

describe("the guest's notifications over the socket", () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    configureRealtime('ws://resort.test/ws');
  });

  async function connected() {
    await vi.waitFor(() => expect(FakeWebSocket.opened.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.latest.accept());
    return FakeWebSocket.latest;
  }

  it("joins as 'guest', turns the guest's booking events into toasts and bell entries, and drops a repeated frame", async () => {
    // Prepare
    render(
      <>
        <NotificationBell />
        <GuestNotifications />
      </>,
    );
    const socket = await connected();
    expect(socket.sent).toEqual([{ action: 'join-customer', userId: 'guest' }]);
    expect(readNotifications().connection).toBe('connected');
    // Act: the consumer repeats a frame
    const reserved = { id: 'ev-1:1', event: 'booking-update', data: { message: 'Booking VM1ABC is reserved', booking_reference: 'VM1ABC' } };
    act(() => {
      socket.receive(reserved);
      socket.receive(reserved);
      socket.receive({ id: 'ev-2:0', event: 'payment-failed', data: { booking_reference: 'VM1ABC' } });
      socket.receive({ id: 'ev-3:0', event: 'availability-changed', data: { cottageType: 'hornbill-villa', checkIn: '2030-01-01', checkOut: '2030-01-03' } });
    });
    // Assess
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent)).toEqual([
      'Error: Payment FailedPayment could not be processed×',
      'Information: Booking UpdateBooking VM1ABC is reserved×',
    ]);
    expect(screen.getByTestId('unread-count').textContent).toBe('2');
  });

  it('joins with the token when signed in, and joins again after a sign-out, forgetting the notifications', async () => {
    const token = signInAs();
    render(<GuestNotifications />);
    const socket = await connected();
    expect(socket.sent).toEqual([{ action: 'join-customer', userId: 'user-1', token }]);
    act(() => socket.receive({ id: 'ev-9:1', event: 'booking-confirmed', data: { message: 'Booking VM9 is confirmed' } }));
    expect(readNotifications().notifications).toHaveLength(1);
    // Act: sign out in another tab
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage'));
    });
    // Assess
    expect(socket.closedByPage).toBe(true);
    expect(readNotifications().notifications).toEqual([]);
    act(() => FakeWebSocket.latest.accept());
    expect(FakeWebSocket.latest.sent).toEqual([{ action: 'join-customer', userId: 'guest' }]);
  });

  it("says 'Disconnected' once when a joined connection drops, not for attempts that never got as far", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <>
        <NotificationBell />
        <GuestNotifications />
      </>,
    );
    const socket = await connected();
    act(() => socket.receive({ event: 'joined', data: { audience: 'customer', userId: 'guest' } }));
    act(() => socket.drop());
    expect(screen.getByRole('alert').textContent).toBe('Warning: DisconnectedReal-time updates are temporarily unavailable×');
    expect(screen.getByRole('tooltip').textContent).toBe('Real-time updates disconnected');
    // Refused, then opened and dropped before the join was answered: no more warnings
    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => FakeWebSocket.latest.drop());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => FakeWebSocket.latest.accept());
    act(() => FakeWebSocket.latest.drop());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(readNotifications().notifications.map((notification) => notification.title)).toEqual(['Disconnected']);
    act(() => FakeWebSocket.latest.accept());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("a booking update's toast says what happened by the booking's status: reserved is good news, cancelled or expired a warning", () => {
    const update = (status?: string) =>
      guestNoticeOf({ id: 'x', event: 'booking-update', data: { message: 'Booking VM1 changed', ...(status ? { status } : {}) } })?.type;
    expect([update('pending'), update('cancelled'), update('expired'), update('completed'), update()]).toEqual([
      'success',
      'warning',
      'warning',
      'info',
      'info',
    ]);
  });
});
