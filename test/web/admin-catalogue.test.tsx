import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CottagesPage from '@/features/admin/cottages/cottages-page';
import PackagesPage from '@/features/admin/packages/packages-page';
import SafarisPage from '@/features/admin/safaris/safaris-page';
import { saveAdminSession } from '@/lib/admin-session';
import { fail, liveToken, ok, stubFetch, type StubRoute } from './support/app-harness';
import { toAdminStayType } from '@shared/admin-catalogue-stay-types';
import { sampleSafaris, sampleStayTypes } from '../../infra/local/sample-data.ts';
import { safariForm } from '@/features/admin/safaris/safari-form';
import { toAdminSafari } from '@shared/admin-catalogue-safaris';

const hornbill = {
  id: 'hornbill-1',
  name: 'Hornbill Villa',
  type: 'hornbill-villa',
  description: 'A teak-floored villa.',
  price_per_night: 18000,
  capacity: 6,
  amenities: 'King Bed, WiFi',
  amenity_list: ['King Bed', 'WiFi'],
  size_sqft: 1200,
  images: ['/images/villas/hornbill-villa.svg'],
  status: 'active',
  base_price: 18000,
  max_guests: 6,
  confirmed_bookings: 2,
  total_bookings: 3,
};

const safariPackage = {
  id: 'safari-adventure',
  name: 'Safari Adventure',
  type: 'safari',
  category: 'adventure',
  description: 'All meals and safaris.',
  price_multiplier: 1.5,
  price: 22500,
  includes_safari: true,
  max_safaris: 3,
  min_guests: 1,
  max_guests: 6,
  duration: '3 Days / 2 Nights',
  includes: ['All meals', 'Up to 3 safaris'],
  exclusions: [],
  status: 'active',
  is_active: true,
};

const morning = {
  id: 'morning-jeep-safari',
  name: 'Morning Jeep Safari',
  description: 'Open jeeps at first light.',
  type: 'morning',
  category: 'morning',
  duration: '3 hours',
  price: 750,
  max_guests: 6,
  seats_per_slot: 12,
  start_time: '06:00',
  end_time: '09:00',
  time_slots: ['06:00-09:00'],
  meeting_point: 'Main gate',
  includes: ['Open jeep'],
  exclusions: [],
  highlights: [],
  status: 'active',
  is_active: true,
};

function renderTab(page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
}

const refusal = (message: string) => ({ status: 409, body: { success: false, error: message, code: 'has_upcoming_bookings', upcoming_bookings: 3 } });

beforeEach(() => saveAdminSession(liveToken(), { id: 'admin-1', name: 'Resort Admin', email: 'admin@forest-resort.local', role: 'admin' }));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Cottage Management', () => {
  const routes = (extra: StubRoute[] = []): StubRoute[] => [
    ...extra,
    { method: 'GET', path: /\/cottages\/admin\/all$/, answer: () => ok([hornbill]) },
    { method: 'GET', path: /\/admin\/stay-types$/, answer: () => ok(sampleStayTypes.map((type) => toAdminStayType(type))) },
  ];

  it('lists units with price, capacity, status and confirmed / total bookings', async () => {
    stubFetch(routes());
    renderTab(<CottagesPage />);
    const row = (await screen.findByText('Hornbill Villa', { selector: 'strong' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('₹18,000 / night')).toBeTruthy();
    expect(within(row).getByText('6 guests')).toBeTruthy();
    expect(within(row).getByText('active')).toBeTruthy();
    expect(within(row).getByText('2 / 3')).toBeTruthy();
  });

  it("shows each required field's message under it and keeps what was typed; sends the wire body", async () => {
    const sent = stubFetch(
      routes([
        {
          method: 'POST',
          path: /\/cottages\/admin\/create$/,
          answer: ({ body }) => ({ status: 201, body: { success: true, data: { ...hornbill, ...(body as object), id: 'x', amenity_list: [] } } }),
        },
      ]),
    );
    const user = userEvent.setup();
    renderTab(<CottagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Add New Cottage' }));
    expect(screen.getByRole('heading', { name: 'Add New Cottage' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Amenities \(optional, comma-separated\)/), 'WiFi, Pool');
    await user.click(screen.getByRole('button', { name: 'Create Cottage' }));

    expect(screen.getByText('Cottage name is required')).toBeTruthy();
    expect(screen.getByText('Price per night is required')).toBeTruthy();
    expect(screen.getByText('Capacity is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    // No villa type chosen is a new type from this cottage, as the form says.
    expect(screen.getByText('A new villa type with this cottage as its one unit: guests see it at once.')).toBeTruthy();
    const name = screen.getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // The field's name is its label alone; the error is its description (not read as part of the name).
    expect(screen.getByRole('textbox', { name: 'Name' })).toBe(name);
    expect(document.getElementById(name.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe('Cottage name is required');
    expect(document.activeElement).toBe(name);
    expect((screen.getByLabelText(/^Amenities \(optional, comma-separated\)/) as HTMLInputElement).value).toBe('WiFi, Pool');
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(name, 'Hornbill Villa 2');
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Villa type/ }), 'hornbill-villa');
    expect(screen.getByText('One more unit of Hornbill Villa for guests to book, for up to 6 guests.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Price per night \(₹\)/), '18000');
    await user.type(screen.getByLabelText(/^Capacity \(guests\)/), '6');
    await user.type(screen.getByLabelText(/^Description/), 'A second villa.');
    await user.click(screen.getByRole('button', { name: 'Create Cottage' }));

    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
        name: 'Hornbill Villa 2',
        description: 'A second villa.',
        price_per_night: 18000,
        capacity: 6,
        amenities: 'WiFi, Pool',
        status: 'active',
        type: 'hornbill-villa',
      }),
    );
  });

  it("asks before deleting, and shows the server's refusal with 'Set inactive instead', which saves the unit inactive", async () => {
    const message = 'Hornbill Villa has 3 upcoming bookings. Set it to inactive instead, so no new guest can book it.';
    const sent = stubFetch(
      routes([
        { method: 'DELETE', path: /\/cottages\/admin\/delete\/hornbill-1$/, answer: () => refusal(message) },
        { method: 'PUT', path: /\/cottages\/admin\/update\/hornbill-1$/, answer: () => ok({ ...hornbill, status: 'inactive' }) },
      ]),
    );
    const user = userEvent.setup();
    renderTab(<CottagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Hornbill Villa' }));
    expect(screen.getByText('Are you sure you want to delete this cottage?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete cottage' }));

    expect((await screen.findByRole('alert')).textContent).toContain(message);
    await user.click(screen.getByRole('button', { name: 'Set inactive instead' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({ status: 'inactive', price_per_night: 18000, type: 'hornbill-villa' }),
    );
  });
});

describe('Package Management', () => {
  const routes = (extra: StubRoute[] = []): StubRoute[] => [
    ...extra,
    { method: 'GET', path: /\/packages\/admin\/all$/, answer: () => ok([safariPackage]) },
    {
      method: 'GET',
      path: /\/packages\/admin\/stats$/,
      answer: () => ok({ total: 1, active: 1, inactive: 0, with_safari: 1, bookings_last_30_days: 4, packages: [] }),
    },
  ];

  it('shows the derivations live and sends them in the wire payload (multiplier, 0/1 flags, max_safaris)', async () => {
    const sent = stubFetch(
      routes([{ method: 'POST', path: /\/packages\/admin$/, answer: () => ({ status: 201, body: { success: true, data: safariPackage } }) }]),
    );
    const user = userEvent.setup();
    renderTab(<PackagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Add New Package' }));
    await user.click(screen.getByRole('button', { name: 'Create Package' }));
    for (const text of ['Package name is required', 'Duration is required', 'Price is required', 'Description is required', 'Includes is required'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('Multiplier 1 · no safari included')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Package name/), 'Tiger Trail');
    await user.type(screen.getByLabelText(/^Duration/), '2 nights');
    await user.type(screen.getByLabelText(/^Price \(₹\)/), '22500');
    await user.type(screen.getByLabelText(/^Description/), 'Two safaris.');
    await user.type(screen.getByLabelText(/^Includes \(comma-separated\)/), 'All meals, Two jeep Safaris');
    expect(screen.getByText('Multiplier 1.5 · 2 safaris included')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/^Status/), 'seasonal');
    await user.click(screen.getByRole('button', { name: 'Create Package' }));

    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
        name: 'Tiger Trail',
        type: 'accommodation',
        description: 'Two safaris.',
        price_multiplier: 1.5,
        includes_safari: 1,
        max_safaris: 2,
        is_active: 0,
        status: 'seasonal',
        max_guests: 6,
      }),
    );
  });

  it("sends the number typed in 'Safaris included' (0 sends includes_safari 0), and refuses more than 10 beside the field", async () => {
    const sent = stubFetch(
      routes([{ method: 'PUT', path: /\/packages\/admin\/safari-adventure$/, answer: () => ({ status: 200, body: { success: true, data: safariPackage } }) }]),
    );
    const user = userEvent.setup();
    renderTab(<PackagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Safari Adventure' }));
    const included = screen.getByLabelText(/^Safaris included/) as HTMLInputElement;
    expect(included.value).toBe('3');

    await user.clear(included);
    await user.type(included, '11');
    await user.click(screen.getByRole('button', { name: 'Update Package' }));
    expect(screen.getByText('Safaris included is at most 10')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(included);
    await user.type(included, '1');
    expect(screen.getByText('Multiplier 1.5 · 1 safari included')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Package' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({ includes_safari: 1, max_safaris: 1 }));

    await user.click(await screen.findByRole('button', { name: 'Edit Safari Adventure' }));
    await user.clear(screen.getByLabelText(/^Safaris included/));
    await user.type(screen.getByLabelText(/^Safaris included/), '0');
    expect(screen.getByText('Multiplier 1.5 · no safari included')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Package' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')[1]?.body).toMatchObject({ includes_safari: 0, max_safaris: 0 }));
  });

  it("says 'Failed to save package. Please try again.' when the save fails, keeping the form", async () => {
    stubFetch(
      routes([{ method: 'PUT', path: /\/packages\/admin\/safari-adventure$/, answer: () => fail(500, 'Something went wrong on our side. Please try again.') }]),
    );
    const user = userEvent.setup();
    renderTab(<PackagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Safari Adventure' }));
    expect(screen.getByText('Multiplier 1.5 · 3 safaris included')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Package' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save package. Please try again.');
    expect((screen.getByLabelText(/^Package name/) as HTMLInputElement).value).toBe('Safari Adventure');
  });

  it("asks 'Are you sure you want to delete this package?' and says 'Failed to delete package. Please try again.' on failure", async () => {
    stubFetch(routes([{ method: 'DELETE', path: /\/packages\/admin\/safari-adventure$/, answer: () => fail(500, 'boom') }]));
    const user = userEvent.setup();
    renderTab(<PackagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Safari Adventure' }));
    expect(screen.getByText('Are you sure you want to delete this package?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete package' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete package. Please try again.');
  });

  it("shows the server's refusal with deactivation offered", async () => {
    const message = 'Safari Adventure has 3 upcoming bookings. Set it to inactive instead, so no new guest can book it.';
    stubFetch(routes([{ method: 'DELETE', path: /\/packages\/admin\/safari-adventure$/, answer: () => refusal(message) }]));
    const user = userEvent.setup();
    renderTab(<PackagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Safari Adventure' }));
    await user.click(screen.getByRole('button', { name: 'Delete package' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('button', { name: 'Set inactive instead' })).toBeTruthy();
  });
});

describe('Safari Management', () => {
  it('saves each sample safari as its form shows it, unchanged (the seed is complete: meeting point and all)', () => {
    for (const safari of sampleSafaris) expect(safariForm.check(safariForm.of(toAdminSafari(safari)), undefined), safari.id).toMatchObject({ ok: true });
  });

  const routes = (extra: StubRoute[] = []): StubRoute[] => [
    ...extra,
    { method: 'GET', path: /\/safaris\/admin\/all$/, answer: () => ok([morning]) },
    { method: 'GET', path: /\/safaris\/admin\/stats$/, answer: () => ok({ total: 1, active: 1, inactive: 0, seats_next_30_days: 0, safaris: [] }) },
  ];

  it('lists the time as start and end, and requires every field but exclusions (type defaults to morning)', async () => {
    stubFetch(routes());
    const user = userEvent.setup();
    renderTab(<SafarisPage />);
    const row = (await screen.findByText('Morning Jeep Safari', { selector: 'strong' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('06:00–09:00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add New Safari' }));
    expect((screen.getByLabelText(/^Type/) as HTMLSelectElement).value).toBe('morning');
    await user.click(screen.getByRole('button', { name: 'Create Safari' }));
    for (const text of [
      'Safari name is required',
      'Duration is required',
      'Price is required',
      'Max guests is required',
      'Start time is required',
      'End time is required',
      'Meeting point is required',
      'Description is required',
      'Includes is required',
    ])
      expect(screen.getByText(text)).toBeTruthy();
  });

  it("asks 'Are you sure you want to delete this safari?'", async () => {
    stubFetch(routes([{ method: 'DELETE', path: /\/safaris\/admin\/morning-jeep-safari$/, answer: () => ok({ id: 'morning-jeep-safari', deleted: true }) }]));
    const user = userEvent.setup();
    renderTab(<SafarisPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Morning Jeep Safari' }));
    expect(screen.getByText('Are you sure you want to delete this safari?')).toBeTruthy();
  });
});
