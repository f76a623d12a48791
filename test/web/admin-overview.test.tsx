import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OverviewPage from '@/features/admin/overview/overview-page';
import { saveAdminSession } from '@/lib/admin-session';
import { deliverFrame } from '@/lib/realtime';
import { dashboardAnswer, liveToken, ok, stubFetch } from './support/app-harness';

/* The Overview tab keeps its figures and newest bookings current from the staff socket (docs/product.md#overview-tab). */

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const dashboard = (total: number) => dashboardAnswer({ totalBookings: total, pendingBookings: total - 1 });

describe('the Overview tab', () => {
  it('reads its figures again when a booking is made, changes or is paid', async () => {
    saveAdminSession(liveToken(), { id: 'u1', name: 'Mira', email: 'mira@resort.in', role: 'manager' });
    let total = 4;
    const sent = stubFetch([{ method: 'GET', path: /^\/api\/bookings$/, answer: () => ok(dashboard(total)) }]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <OverviewPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const figure = () => screen.getByText('Total Bookings').parentElement?.querySelector('.stat-card__value')?.textContent;
    await waitFor(() => expect(figure()).toBe('4'));

    total = 5;
    deliverFrame({ id: 'f1', event: 'new-booking', data: { booking: { id: 'b-5' } }, at: '2026-11-24T08:00:00.000Z' });
    await waitFor(() => expect(figure()).toBe('5'));

    const reads = () => sent.filter((request) => request.path.includes('stats')).length;
    const before = reads();
    deliverFrame({ id: 'f2', event: 'booking-update', data: { message: 'Booking VM1 is confirmed' }, at: '2026-11-24T08:01:00.000Z' });
    await waitFor(() => expect(reads()).toBe(before + 1));
    deliverFrame({ id: 'f3', event: 'payment-received', data: { paymentDetails: { amount: 1000 } }, at: '2026-11-24T08:02:00.000Z' });
    await waitFor(() => expect(reads()).toBe(before + 2));
  });
});
