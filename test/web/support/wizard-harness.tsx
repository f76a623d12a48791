import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { BookingPage } from '@/features/booking/components/booking-page';
import { defaultDraft, emptyGuest, type Draft } from '@/features/booking/model/draft';
import { sessionKeys } from '@/features/booking/model/session-store';
import type { AvailabilityResult, CreatedBooking, StayQuote } from '@/features/booking/api/schemas';
import { sampleCottages, samplePackages, sampleSafaris } from '../../../infra/local/sample-data.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';

export const today = resortToday();
export const checkIn = addDaysIso(today, 10);
export const checkOut = addDaysIso(today, 12);

export const quote = (total = 49_352): StayQuote => ({
  currency: 'INR',
  nights: 2,
  guests: 2,
  villa: { basePrice: 18_000, rooms: 1, guestMultiplier: 1.3, extraGuestCost: 5_400, discount: 0, amount: 41_400 },
  safaris: [],
  subtotal: 41_400,
  gst: 7_452,
  serviceFee: 500,
  total,
  lines: [
    { label: 'Hornbill Villa: 2 nights × ₹18,000', amount: 36_000, item: { kind: 'villa', villa: 'Hornbill Villa', nights: 2, rate: 18_000, rooms: 1 } },
    { label: 'Extra guests: 1 × 30% of ₹18,000', amount: 5_400, item: { kind: 'extra-guests', guests: 1, rate: 18_000 } },
    { label: 'GST 18%', amount: 7_452, item: { kind: 'gst' } },
    { label: 'Service fee 2% (at most ₹500)', amount: 500, item: { kind: 'service-fee' } },
  ],
});

export const available: AvailabilityResult = {
  available: true,
  message: 'Villa is available for your dates!',
  cottage: { id: 'hornbill-1', name: 'Hornbill Villa', type: 'hornbill-villa', base_price: 18_000, max_guests: 6 },
  totalPrice: 41_400,
  priceBreakdown: { basePrice: 18_000, nights: 2, guestMultiplier: 1.3, extraGuestCost: 5_400, discount: 0 },
  quote: quote(),
  alternativeDates: [],
  suggestedVillas: [],
};

/** A draft that has passed step 1 (Hornbill Villa, 2 adults, two nights, available). */
export const checkedDraft: Draft = { ...defaultDraft, cottage: 'hornbill-villa', checkIn, checkOut, adults: 2, availability: available };

/** A draft that has also passed step 2 (the Safari Adventure package, which includes up to 3 safaris). */
export const packagedDraft: Draft = {
  ...checkedDraft,
  packageId: 'safari-adventure',
  packageDetails: { id: 'safari-adventure', name: 'Safari Adventure', min_guests: 1, max_guests: 6, includes_safari: true, max_safaris: 3 },
};

/** Puts a saved session in sessionStorage, as the wizard writes it. */
/** Step 4 ready to pay: the packaged stay, the guest's details filled in, the terms accepted. */
export const payableDraft = (paymentMethod: Draft['paymentMethod'] = 'razorpay'): Draft => ({
  ...packagedDraft,
  paymentMethod,
  guest: { ...emptyGuest, firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.in', phone: '9845012345', acceptTerms: true },
});

/** The booking POST /api/bookings answers for `payableDraft`: held 15 minutes while the guest pays online. */
export const heldBooking = (ids: { id: string; reference: string }, overrides: Partial<CreatedBooking['booking']> = {}): CreatedBooking['booking'] => ({
  id: ids.id,
  booking_reference: ids.reference,
  status: 'pending',
  payment_method: 'razorpay',
  payment_status: 'pending',
  hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  customer_name: 'Mr Meera Iyer',
  customer_email: 'meera@example.in',
  check_in_date: packagedDraft.checkIn,
  check_out_date: packagedDraft.checkOut,
  nights: 2,
  adults: 2,
  children: 0,
  rooms: 1,
  cottage_name: 'Hornbill Villa',
  package_name: 'Safari Adventure',
  safaris: [],
  total_amount: quote().total,
  price_breakdown: [],
  created_at: new Date().toISOString(),
  ...overrides,
});

export function saveSession(draft: Draft, step: number, lastActivity = Date.now()) {
  sessionStorage.setItem(sessionKeys.bookingData, JSON.stringify(draft));
  sessionStorage.setItem(sessionKeys.currentStep, String(step));
  sessionStorage.setItem(sessionKeys.sessionId, 'session_1_test');
  sessionStorage.setItem(sessionKeys.lastActivity, String(lastActivity));
}

type Answer = { status: number; body: unknown };
/** An answer may be held back (a promise) to look at the page while a request is in flight. */
type Route = { method: string; path: RegExp; answer: (body: unknown) => Answer | Promise<Answer> };
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

/** The API as the sample resort answers it; `overrides` come first. Returns the requests made. */
export function stubApi(overrides: Route[] = []) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const routes: Route[] = [
    ...overrides,
    { method: 'GET', path: /^\/api\/cottages$/, answer: () => ok([sampleCottages[1], sampleCottages[0], sampleCottages[2]]) },
    { method: 'GET', path: /^\/api\/packages$/, answer: () => ok(samplePackages) },
    { method: 'GET', path: /^\/api\/safaris$/, answer: () => ok(sampleSafaris) },
    {
      method: 'GET',
      path: /^\/api\/safaris\/[^/]+\/slots\//,
      answer: () => ok({ safariId: 'x', date: checkIn, slots: [{ timeSlot: '06:00-09:00', capacity: 12, booked: 0, seatsLeft: 12 }] }),
    },
    {
      method: 'POST',
      path: /^\/api\/packages\/calculate-pricing$/,
      answer: () => ok({ ...quote(), package: { id: 'p', basePrice: 15_000, amount: 19_500, discount: 0 } }),
    },
    { method: 'POST', path: /^\/api\/cottages\/[^/]+\/availability$/, answer: () => ok(available) },
    { method: 'GET', path: /^\/api\/cottages\/[^/]+\/availability/, answer: () => ok({ id: 'x', startDate: today, endDate: today, nights: [] }) },
  ];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, path: url.pathname + url.search, body });
    const route = routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    const { status, body: answer } = route
      ? await route.answer(body)
      : { status: 404, body: { success: false, error: `No stub for ${method} ${url.pathname}` } };
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  return requests;
}

/** The current URL of the memory router, for assertions on `?step=`. */
export const location = { current: '' };
function LocationProbe() {
  const here = useLocation();
  location.current = `${here.pathname}${here.search}`;
  return null;
}

export function renderWizard(url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <BookingPage />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
