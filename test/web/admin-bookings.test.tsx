import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import BookingsPage from '@/features/admin/bookings/bookings-page';
import { saveAdminSession } from '@/lib/admin-session';
import { deliverFrame } from '@/lib/realtime';
import { addDaysIso, resortToday } from '@shared/stay';
import { dashboardAnswer, liveToken } from './support/app-harness';

const booking = (fields: Record<string, unknown> = {}) => ({
  id: '0b6f1c52-4f7e-4a55-9d3c-1f2e3d4c5b6a',
  booking_reference: 'VM1A2B3C',
  status: 'pending',
  payment_method: 'razorpay',
  payment_status: 'paid',
  customer_name: 'Meera Iyer',
  customer_email: 'meera@example.in',
  customer_phone: '98765 43210',
  check_in_date: '2026-12-20',
  check_out_date: '2026-12-22',
  nights: 2,
  adults: 2,
  children: 1,
  rooms: 1,
  cottage_type: 'glass-cottage',
  cottage_name: 'Glass Cottage',
  package_name: 'Forest Retreat',
  total_amount: 36000,
  created_at: '2026-11-20T10:00:00.000Z',
  cancel_refund: 36000,
  ...fields,
});

const dashboard = dashboardAnswer({ pendingBookings: 2, completedBookings: 1 });

type Answer = { status: number; body: unknown };
const json = (answer: Answer) => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });

/** fetch answered per request; a status change waits until the test lets it go. */
function stubApi(options: { rows?: unknown[]; statusAnswer?: () => Promise<Answer> } = {}) {
  const sent: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    sent.push({ method, url: url.pathname + url.search, ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) } : {}) });
    if (method === 'PATCH' && url.pathname.endsWith('/status'))
      return json(options.statusAnswer ? await options.statusAnswer() : { status: 200, body: { success: true, data: booking({ status: 'confirmed' }) } });
    if (url.pathname === '/api/bookings' && url.searchParams.has('stats')) return json({ status: 200, body: { success: true, data: dashboard } });
    if (url.pathname === '/api/bookings')
      return json({ status: 200, body: { success: true, data: { bookings: options.rows ?? [booking()], through: '2024-12' } } });
    if (url.pathname.endsWith('/details'))
      return json({
        status: 200,
        body: {
          success: true,
          data: {
            booking: booking({
              id: url.pathname.split('/')[3],
              booking_reference: 'VMNEW001',
              customer_name: 'Arjun Nair',
              created_at: '2026-11-21T08:00:00.000Z',
              package_name: 'Safari Adventure',
              safaris: [
                {
                  safari_id: 'night-trail-safari',
                  name: 'Night Trail Safari',
                  date: '2026-12-20',
                  time_slot: '20:00-22:00',
                  guests: 2,
                  amount: 0,
                  included: true,
                },
                { safari_id: 'morning-jeep-safari', name: 'Morning Jeep Safari', date: '2026-12-21', time_slot: '06:00-09:00', guests: 2, amount: 1500 },
              ],
            }),
            payments: [],
            refunds: [],
            history: [],
            cancellation: { refundAmount: 36000, policy: 'Full refund until 7 days before arrival' },
          },
        },
      });
    return json({ status: 200, body: { success: true, data: [] } });
  });
  return sent;
}

let location = '';
function Where() {
  location = useLocation().search;
  return null;
}

function renderPage(role = 'manager', entry = '/admin/bookings') {
  saveAdminSession(liveToken(), { id: 'u1', name: 'Mira', email: 'mira@resort.in', role });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="/admin/bookings"
            element={
              <>
                <BookingsPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

beforeEach(() => localStorage.clear());

describe('the Bookings tab', () => {
  it('confirms at once, and rolls back with the server message when the server refuses', async () => {
    let refuse: (answer: Answer) => void = () => undefined;
    const sent = stubApi({ statusAnswer: () => new Promise<Answer>((resolve) => (refuse = resolve)) });
    renderPage('manager');
    fireEvent.click(within(await row('Meera Iyer')).getByRole('button', { name: 'Confirm booking VM1A2B3C' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Confirm booking VM1A2B3C for Meera Iyer? The guest is e-mailed the confirmation.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));

    // The row changes at once.
    await waitFor(() => expect(within(screen.getByText('Meera Iyer').closest('tr') as HTMLElement).getByText('Confirmed')).toBeTruthy());
    expect(sent.find((request) => request.method === 'PATCH')).toMatchObject({ url: `/api/bookings/${booking().id}/status`, body: { status: 'confirmed' } });

    refuse({
      status: 409,
      body: { success: false, error: 'This booking changed meanwhile: it is now cancelled. Please review it and try again.', status: 'cancelled' },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Confirm VM1A2B3C failed: This booking changed meanwhile: it is now cancelled. Please review it and try again.',
    );
    const after = within(screen.getByText('Meera Iyer').closest('tr') as HTMLElement);
    expect(after.getByText('Pending')).toBeTruthy();
    expect(after.queryByText('Confirmed')).toBeNull();
  });

  it("shows a booking's safaris, the package's included ones as included", async () => {
    stubApi();
    renderPage('manager');
    fireEvent.click(within(await row('Meera Iyer')).getByRole('button', { name: 'View booking VM1A2B3C' }));
    const night = await screen.findByText(/Night Trail Safari/);
    expect(night.textContent).toContain('included in the package');
    expect(night.textContent).not.toContain('₹0');
    expect(screen.getByText(/Morning Jeep Safari/).textContent).toContain('₹1,500');
  });

  it('names what a cancellation does, with the refund the server gives', async () => {
    stubApi();
    renderPage('manager');
    fireEvent.click(within(await row('Meera Iyer')).getByRole('button', { name: 'Cancel booking VM1A2B3C' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Cancel booking VM1A2B3C for Meera Iyer, refund ₹36,000? Its nights are released.');
  });

  it('offers staff only check-in and check-out, by status, and Check in only from the arrival day', async () => {
    const today = resortToday();
    stubApi({
      rows: [
        booking(),
        booking({
          id: '1b6f1c52-4f7e-4a55-9d3c-1f2e3d4c5b6a',
          booking_reference: 'VM9Z8Y7X',
          customer_name: 'Kabir Shah',
          status: 'confirmed',
          check_in_date: today,
        }),
        booking({
          id: '3b6f1c52-4f7e-4a55-9d3c-1f2e3d4c5b6a',
          booking_reference: 'VM5T6U7V',
          customer_name: 'Leela Menon',
          status: 'confirmed',
          check_in_date: addDaysIso(today, 1),
          check_out_date: addDaysIso(today, 3),
        }),
      ],
    });
    renderPage('staff');
    const pending = within(await row('Meera Iyer'));
    expect(pending.queryByRole('button', { name: /Confirm|Cancel/ })).toBeNull();
    // Arriving tomorrow: the server would refuse a check-in today, so it is not offered.
    expect(within(await row('Leela Menon')).queryByRole('button', { name: /^Check in/ })).toBeNull();
    const confirmed = within(await row('Kabir Shah'));
    expect(confirmed.getByRole('button', { name: 'Check in booking VM9Z8Y7X' })).toBeTruthy();
    fireEvent.click(confirmed.getByRole('button', { name: 'Check in booking VM9Z8Y7X' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Check in Kabir Shah (VM9Z8Y7X) to Glass Cottage?');
  });

  it('sends the search and the status filter to the server, and keeps them in the URL', async () => {
    const sent = stubApi();
    renderPage('manager', '/admin/bookings?status=confirmed');
    await row('Meera Iyer');
    expect(sent.some((request) => request.url === '/api/bookings?admin&limit=25&status=confirmed')).toBe(true);

    fireEvent.change(screen.getByPlaceholderText('Search by customer, email, or cottage...'), { target: { value: 'MEERA I' } });
    await waitFor(() => expect(sent.some((request) => request.url === '/api/bookings?admin&limit=25&status=confirmed&q=meera+i')).toBe(true));
    await waitFor(() => expect(location).toContain('q=MEERA+I'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'cancelled' } });
    await waitFor(() => expect(sent.some((request) => request.url === '/api/bookings?admin&limit=25&status=cancelled&q=meera+i')).toBe(true));
    await waitFor(() => expect(location).toContain('status=cancelled'));
    // Typing sends one request when it stops, not one per key.
    expect(sent.filter((request) => request.url.includes('q=meera')).length).toBe(2);
  });

  it('puts a new booking on top, highlighted, when the new-booking event arrives', async () => {
    stubApi();
    renderPage('manager');
    await row('Meera Iyer');
    deliverFrame({ id: 'f1', event: 'new-booking', data: { booking: { id: '2b6f1c52-4f7e-4a55-9d3c-1f2e3d4c5b6a' } }, at: '2026-11-21T08:00:00.000Z' });
    const fresh = await row('Arjun Nair');
    expect(fresh.className).toContain('row--new');
    const names = screen.getAllByRole('row').map((element) => element.textContent ?? '');
    expect(names.findIndex((text) => text.includes('Arjun Nair'))).toBeLessThan(names.findIndex((text) => text.includes('Meera Iyer')));
  });
});
