import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AppRoutes } from '@/app/router';
import type { BookingView } from '@/lib/booking-record';
import { GUEST_TOKEN_KEY, GUEST_USER_KEY, type GuestUser } from '@/lib/guest-session';

export type StubRoute = {
  method: string;
  path: RegExp;
  answer: (request: { body: unknown; search: string }) => { status: number; body: unknown; headers?: Record<string, string> };
};
export type SentRequest = { method: string; path: string; body: unknown; headers: Record<string, string> };

export const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
export const fail = (status: number, error: string, extra: { headers?: Record<string, string>; details?: Record<string, string[]> } = {}) => ({
  status,
  body: { success: false, error, ...(extra.details ? { details: extra.details } : {}) },
  headers: extra.headers,
});

/** Answers fetch from `routes` (the first that matches method and path), 404 otherwise; returns what was sent. */
export function stubFetch(routes: StubRoute[]): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, path: url.pathname + url.search, body, headers: (init.headers ?? {}) as Record<string, string> });
    const route = routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    const answer = route ? route.answer({ body, search: url.search }) : fail(404, `No stub for ${method} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
  });
  return sent;
}

/** A token the client takes for live: a JWT-shaped string whose payload expires in an hour (the server is stubbed). */
export const liveToken = (): string => {
  const payload = btoa(JSON.stringify({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 3600 }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
};

export const meera: GuestUser = { id: 'user-1', name: 'Meera Iyer', email: 'meera@example.in', role: 'customer' };

/** Signs `user` in the way the site keeps a guest's session (localStorage). */
export function signInAs(user: GuestUser = meera): string {
  const token = liveToken();
  localStorage.setItem(GUEST_TOKEN_KEY, token);
  localStorage.setItem(GUEST_USER_KEY, JSON.stringify(user));
  return token;
}

/** A booking as GET /api/bookings/reference/... answers it: paid online, well before the free-cancellation deadline. */
export const paidBooking = (overrides: Partial<BookingView> = {}): BookingView => ({
  id: '6f1c2f43-8d5e-4c1b-9a57-0d9b1e2f3a4b',
  booking_reference: 'VMLX2K9QF3A1B2C3',
  status: 'confirmed',
  payment_method: 'razorpay',
  payment_status: 'paid',
  customer_name: 'Ms Meera Iyer',
  customer_email: 'meera@example.in',
  check_in_date: '2030-03-05',
  check_out_date: '2030-03-07',
  nights: 2,
  adults: 2,
  children: 0,
  rooms: 1,
  cottage_name: 'Hornbill Villa',
  package_name: 'Safari Adventure',
  safaris: [{ name: 'Morning Jeep Safari', date: '2030-03-05', time_slot: '06:00-09:00', guests: 2, amount: 3_000 }],
  total_amount: 36_000,
  price_breakdown: [
    { label: 'Hornbill Villa: 2 nights × ₹18,000', amount: 30_000, item: { kind: 'villa', villa: 'Hornbill Villa', nights: 2, rate: 18_000, rooms: 1 } },
    { label: 'GST 18%', amount: 5_500, item: { kind: 'gst' } },
    { label: 'Service fee 2% (at most ₹500)', amount: 500, item: { kind: 'service-fee' } },
  ],
  created_at: '2030-01-10T08:00:00.000Z',
  cancellation: {
    cancellable: true,
    refundAmount: 36_000,
    freeCancellationUntil: '2030-03-03T08:30:00.000Z',
    policy: 'Free cancellation up to 48 hours before check-in (14:00 on the day of arrival).',
  },
  ...overrides,
});

/** The memory router's current path, search and state, for assertions on navigation. */
export const location = { current: '', state: undefined as unknown };
function LocationProbe() {
  const here = useLocation();
  location.current = `${here.pathname}${here.search}`;
  location.state = here.state;
  return null;
}

/** The whole SPA's routes at `url`, with a fresh query cache. */
export function renderApp(url: string, state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: new URL(url, 'http://localhost').pathname, search: new URL(url, 'http://localhost').search, state }]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** GET /api/bookings?stats's answer: four bookings, one confirmed and the rest pending unless `overview` says otherwise, nothing listed. */
export const dashboardAnswer = (
  overview: Partial<
    Record<'totalBookings' | 'confirmedBookings' | 'pendingBookings' | 'checkedInBookings' | 'completedBookings' | 'cancelledBookings' | 'totalRevenue', number>
  > = {},
) => ({
  overview: {
    totalBookings: 4,
    confirmedBookings: 1,
    pendingBookings: 3,
    checkedInBookings: 0,
    completedBookings: 0,
    cancelledBookings: 0,
    totalRevenue: 72000,
    ...overview,
  },
  recentBookings: [],
  cottageOccupancy: [],
  monthlyRevenue: [],
  since: '2024-12',
});
