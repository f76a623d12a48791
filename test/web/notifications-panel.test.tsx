import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderBell } from '@/components/header-bell';
import { NotificationBell, formatUnread } from '@/components/notification-bell';
import { FirstPassContext } from '@/lib/first-pass';
import { ToastViewport } from '@/components/toast-viewport';
import { addNotification, readNotifications, resetNotifications, setConnection } from '@/lib/notification-store';
import { formatTimeAgo } from '@/lib/relative-time';
import { FakeWebSocket } from './support/fake-websocket';

/** The notifications a visitor sees: the bell and its panel, time labels and toasts. The socket that feeds them: notifications-realtime.test.tsx. */

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

  it("in the guest header, is at rest on the first screen as the live bell is, and a tap before the live bell's code is in opens it once in", async () => {
    // Prepare: the first screen as the build renders it: the bell at rest, without its live code
    const firstScreen = (firstPass: boolean) => (
      <FirstPassContext.Provider value={firstPass}>
        <HeaderBell />
      </FirstPassContext.Provider>
    );
    const { container, rerender } = render(firstScreen(true));
    const atRest = container.innerHTML;
    // Act: the guest taps it at once
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    // Act: the first screen is up, and the live bell's code comes in
    rerender(firstScreen(false));
    // Assess: the bell opens, and the live bell at rest is what the first screen showed
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByTestId('notification-bell').getAttribute('aria-expanded')).toBe('true');
    const { container: live } = render(<NotificationBell />);
    await act(async () => undefined);
    expect(live.innerHTML).toBe(atRest);
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
    expect(formatTimeAgo(twoDaysAgo, now)).toBe('20 Nov 2026');
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
    expect(labels()).toEqual(['Just now', '5m ago', '2h ago', '21 Nov 2026']);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(labels()).toEqual(['1m ago', '6m ago', '2h ago', '21 Nov 2026']);
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
