import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AdminRoutes from '@/app/admin-routes';
import { NotificationBell } from '@/components/notification-bell';
import { ToastViewport } from '@/components/toast-viewport';
import { currentLocale, LOCALE_KEY, setLocale } from '@/i18n/i18n';
import { addNotification, resetNotifications } from '@/lib/notification-store';
import { formatTimeAgo } from '@/lib/relative-time';

const REFERENCE = 'VMLX2K9A1B2C3';

beforeEach(() => resetNotifications());
afterEach(async () => {
  await act(() => setLocale('en'));
  localStorage.clear();
});

describe("the guest's live notifications in Hindi (docs/product.md#languages)", () => {
  it('shows a toast and the bell panel in Hindi, with Hindi times, and back in English when the guest switches', async () => {
    await act(() => setLocale('hi'));
    const now = Date.now();
    act(() => {
      addNotification({ type: 'success', title: 'Booking Confirmed', message: `Booking ${REFERENCE} is confirmed`, timestamp: now - 5 * 60_000 });
    });
    render(
      <>
        <NotificationBell />
        <ToastViewport />
      </>,
    );
    const toast = screen.getByTestId('toast');
    expect(toast.textContent).toBe(`सफल: बुकिंग पक्की हुईबुकिंग ${REFERENCE} पक्की हो गई है×`);
    expect(within(toast).getByRole('button').getAttribute('aria-label')).toBe('हटाएँ: बुकिंग पक्की हुई');

    fireEvent.click(screen.getByTestId('notification-bell'));
    const panel = await screen.findByRole('region', { name: 'सूचनाएँ' });
    expect(within(panel).getByRole('button').getAttribute('aria-label')).toBe('सूचनाएँ बंद करें');
    expect(within(panel).getByText(`बुकिंग ${REFERENCE} पक्की हो गई है`)).toBeTruthy();
    expect(panel.querySelector('time')?.textContent).toBe('5 मिनट पहले');
    expect(formatTimeAgo(now, now)).toBe('अभी-अभी');
    expect(formatTimeAgo(now - 3 * 3_600_000, now)).toBe('3 घंटे पहले');

    await act(() => setLocale('en'));
    expect(screen.getByTestId('toast').textContent).toBe(`Success: Booking ConfirmedBooking ${REFERENCE} is confirmed×`);
    expect(panel.querySelector('time')?.textContent).toBe('5m ago');
  });
});

/** A guest page that can walk into the portal and back, as the site's links do. */
function GuestPage() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/admin/login')}>
      Staff
    </button>
  );
}

describe('the staff portal stays in English (docs/product.md#languages)', () => {
  it('shows the portal in English on a browser that chose Hindi, and Hindi again on the next guest page', async () => {
    localStorage.setItem(LOCALE_KEY, 'hi');
    await act(() => setLocale('hi'));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let leave: () => void = () => undefined;
    function Back() {
      const navigate = useNavigate();
      leave = () => navigate('/');
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/']}>
          <Back />
          <Routes>
            <Route path="/" element={<GuestPage />} />
            <Route path="/admin/*" element={<AdminRoutes />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Staff' }));
    await waitFor(() => expect(currentLocale()).toBe('en'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-IN');
    // The guest's choice is kept, not replaced by the portal's English.
    expect(localStorage.getItem(LOCALE_KEY)).toBe('hi');

    act(() => leave());
    await waitFor(() => expect(currentLocale()).toBe('hi'));
    expect(document.documentElement.lang).toBe('hi-IN');
  });
});
