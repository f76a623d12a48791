import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '@/components/notification-bell';
import GuestNotifications from '@/features/notifications/components/guest-notifications';
import { readNotifications, resetNotifications, setConnection } from '@/lib/notification-store';
import { configureRealtime } from '@/lib/realtime';
import { CONNECT_TIMEOUT_MS, RealtimeSocket, reconnectDelay, type RealtimeFrame } from '@/lib/realtime-socket';
import { guestNoticeOf } from '@/features/notifications/model/guest-notices';
import { FakeWebSocket } from './support/fake-websocket';
import { signInAs } from './support/app-harness';

/** The real-time socket and the guest notifications it brings. What the visitor sees of them: notifications-panel.test.tsx. */

beforeEach(() => {
  resetNotifications();
  setConnection('connecting');
  FakeWebSocket.reset();
});
afterEach(() => {
  localStorage.clear();
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
