import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChannelsPage from '@/features/admin/channels/channels-page';
import { saveAdminSession } from '@/lib/admin-session';
import { fail, liveToken, ok, stubFetch } from './support/app-harness';

const exportUrl = 'https://resort.example/api/ical/kingfisher-1.ics?token=AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const bookingCom = {
  id: '0b0e7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
  cottageId: 'kingfisher-1',
  name: 'Booking.com',
  url: 'https://admin.booking.com/ical/1.ics',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSuccessAt: '2026-11-24T04:00:00.000Z',
  lastError: 'The channel did not answer within 10 seconds',
  lastErrorAt: '2026-11-24T04:15:00.000Z',
  stays: 3,
  conflicts: [{ uid: 'bdc-1', nights: ['2026-12-24'], with: { kind: 'booking', bookingId: 'b-1', bookingReference: 'VM1A2B3C' } }],
};
const list = (imports: unknown[] = [bookingCom]) =>
  ok({ units: [{ cottageId: 'kingfisher-1', cottageName: 'Kingfisher Villa', cottageType: 'kingfisher-villa', status: 'active', exportUrl, imports }] });

const renderTab = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ChannelsPage />
    </QueryClientProvider>,
  );
};

beforeEach(() => saveAdminSession(liveToken(), { id: 'admin-1', name: 'Resort Admin', email: 'admin@forest-resort.local', role: 'admin' }));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Channels tab (calendar sync)', () => {
  it("shows each unit's own calendar address, and each imported calendar with its stays, its failed last try and its conflicts", async () => {
    stubFetch([{ method: 'GET', path: /\/admin\/channels$/, answer: () => list() }]);
    renderTab();
    expect(((await screen.findByLabelText(/calendar address \(give it to the channels\)/)) as HTMLInputElement).value).toBe(exportUrl);
    expect(screen.getByText('Booking.com')).toBeTruthy();
    expect(screen.getByText('· 3 stays')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Last try failed: The channel did not answer within 10 seconds');
    expect(within(screen.getByRole('list', { name: 'Conflicts of Booking.com' })).getByText('Sold here already: 2026-12-24: booking VM1A2B3C')).toBeTruthy();
  });

  it('adds a channel calendar, says what a sync did, and shows the server’s refusal in words', async () => {
    let imports: unknown[] = [];
    const sent = stubFetch([
      { method: 'GET', path: /\/admin\/channels$/, answer: () => list(imports) },
      {
        method: 'POST',
        path: /\/admin\/channels$/,
        answer: ({ body }) => {
          const request = body as { url: string };
          if (!request.url.startsWith('https://')) return fail(400, 'The calendar address must start with https://');
          imports = [{ ...bookingCom, lastError: undefined, lastErrorAt: undefined, conflicts: [], stays: 0, name: 'Airbnb', id: 'c2' }];
          return { status: 201, body: { success: true, data: imports[0] } };
        },
      },
      { method: 'POST', path: /\/admin\/channels\/c2\/sync$/, answer: () => ok({ imported: 2, updated: 0, removed: 0, conflicts: [] }) },
    ]);
    const user = userEvent.setup();
    renderTab();
    const form = await screen.findByRole('form', { name: 'Add a channel calendar to Kingfisher Villa' });
    await user.type(within(form).getByLabelText('Channel'), 'Airbnb');
    await user.type(within(form).getByLabelText('Its calendar address'), 'http://airbnb.example/cal.ics');
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The calendar address must start with https://');

    await user.clear(within(form).getByLabelText('Its calendar address'));
    await user.type(within(form).getByLabelText('Its calendar address'), 'https://airbnb.example/cal.ics');
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect((await screen.findByRole('status')).textContent).toBe('Airbnb was added to Kingfisher Villa: sync it now, or wait for the next sync.');
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ cottageId: 'kingfisher-1', name: 'Airbnb' });

    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Airbnb for Kingfisher Villa: 2 new stays, 0 changed stays, 0 removed stays.'));
  });
});
