import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '@/components/offline-notice';
import { apiRequest } from '@/lib/api-client';
import { emptyGuest, type Draft } from '@/features/booking/model/draft';
import { connectivity, reportNetworkFailure, reportNetworkSuccess, resetConnectivityForTests } from '@/lib/connectivity';
import { packagedDraft, quote, renderWizard, saveSession, stubApi } from './support/wizard-harness';

let browserOnline = true;
/** What the browser says, with the event it fires. */
function goOffline() {
  browserOnline = false;
  act(() => void window.dispatchEvent(new Event('offline')));
}
function goOnline() {
  browserOnline = true;
  act(() => void window.dispatchEvent(new Event('online')));
}

beforeEach(() => {
  browserOnline = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => browserOnline });
  resetConnectivityForTests();
});
afterEach(() => {
  // react-query's own online state follows the events too.
  browserOnline = true;
  window.dispatchEvent(new Event('online'));
  resetConnectivityForTests();
});

const readyDraft: Draft = {
  ...packagedDraft,
  guest: { ...emptyGuest, firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.in', phone: '9845012345', acceptTerms: true },
  paymentMethod: 'offline',
};

const created = {
  bookingReference: 'VMTEST0001',
  quote: quote(),
  booking: {
    id: 'booking-1',
    created_at: '2026-11-22T10:00:00.000Z',
    booking_reference: 'VMTEST0001',
    status: 'pending',
    payment_method: 'offline',
    payment_status: 'pending',
    customer_name: 'Meera Iyer',
    customer_email: 'meera@example.in',
    check_in_date: readyDraft.checkIn,
    check_out_date: readyDraft.checkOut,
    nights: 2,
    adults: 2,
    children: 0,
    cottage_name: 'Hornbill Villa',
    package_name: 'Safari Adventure',
    total_amount: quote().total,
  },
};
const bookingRoute = { method: 'POST', path: /^\/api\/bookings$/, answer: () => ({ status: 201, body: { success: true, data: created } }) };

describe('connectivity', () => {
  it("follows the browser's online and offline events, and a failed request until an answer comes", () => {
    render(<OfflineNotice />);
    const notice = screen.getByTestId('offline-notice');
    expect(notice.textContent).toBe('');
    expect(notice.getAttribute('aria-live')).toBe('polite');

    goOffline();
    expect(connectivity()).toEqual({ online: false, reason: 'offline' });
    expect(notice.textContent).toContain("You're offline.");
    expect(notice.textContent).toContain('prices are estimates');
    goOnline();
    expect(notice.textContent).toBe('');

    act(() => reportNetworkFailure());
    expect(connectivity()).toEqual({ online: false, reason: 'unreachable' });
    expect(notice.textContent).toContain("We can't reach the resort right now.");
    act(() => reportNetworkSuccess());
    expect(notice.textContent).toBe('');
  });

  it('marks the resort unreachable when a request fails at the network, and reachable at the next answer', async () => {
    render(<OfflineNotice />);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/cottages', z.unknown())).rejects.toThrow(TypeError);
    expect(screen.getByTestId('offline-notice').textContent).toContain("We can't reach the resort right now.");
    // An abort is the page's own doing, not the network's.
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('aborted', 'AbortError')));
    act(() => reportNetworkSuccess());
    await expect(apiRequest('/cottages', z.unknown())).rejects.toThrow('aborted');
    expect(screen.getByTestId('offline-notice').textContent).toBe('');

    act(() => reportNetworkFailure());
    stubApi();
    await act(() => apiRequest('/cottages', z.unknown()));
    expect(screen.getByTestId('offline-notice').textContent).toBe('');
  });
});

describe('booking without a connection (docs/product.md#offline)', () => {
  it('labels prices as estimates, refuses to confirm while offline without sending anything, and Retry online books once', async () => {
    const requests = stubApi([bookingRoute]);
    saveSession(readyDraft, 4);
    renderWizard('/?step=4');
    await screen.findByTestId('final-quote');
    expect(screen.queryByTestId('price-estimate')).toBeNull();

    goOffline();
    const confirm = screen.getByRole('button', { name: /Confirm Booking/ });
    expect(screen.getByTestId('confirm-needs-connection').textContent).toContain('Confirming needs a connection');
    expect(confirm.getAttribute('aria-describedby')).toBe('confirm-needs-connection');
    expect(within(screen.getByTestId('final-quote')).getByTestId('price-estimate').textContent).toBe(' estimate');

    await userEvent.click(confirm);
    const refused = await screen.findByRole('dialog', { name: 'Not booked yet' });
    expect(refused.textContent).toContain("You're offline. Your booking has not been made");
    expect(requests.filter((request) => request.path === '/api/bookings')).toEqual([]);
    // Retry while still offline says the same, and still sends nothing.
    await userEvent.click(within(refused).getByRole('button', { name: 'Retry' }));
    expect(requests.filter((request) => request.path === '/api/bookings')).toEqual([]);

    goOnline();
    expect(screen.queryByTestId('confirm-needs-connection')).toBeNull();
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Not booked yet' })).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    expect(requests.filter((request) => request.path === '/api/bookings')).toHaveLength(1);
  });

  it('keeps the draft after a request lost on the network, and retries with the same Idempotency-Key', async () => {
    const requests = stubApi([bookingRoute]);
    saveSession(readyDraft, 4);
    renderWizard('/?step=4');
    await screen.findByTestId('final-quote');
    const working = globalThis.fetch;
    const keys: string[] = [];
    let dropped = false;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (input.endsWith('/bookings')) keys.push((init.headers as Record<string, string>)['idempotency-key'] ?? '');
      if (input.endsWith('/bookings') && !dropped) {
        dropped = true;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return working(input, init);
    });

    await userEvent.click(screen.getByRole('button', { name: /Confirm Booking/ }));
    const failed = await screen.findByRole('dialog', { name: 'Not booked yet' });
    expect(failed.textContent).toContain("We couldn't reach the resort");
    expect(failed.textContent).not.toContain('Payment Failed');
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('meera@example.in');

    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(requests.filter((request) => request.path === '/api/bookings')).toHaveLength(1);
  });
});
