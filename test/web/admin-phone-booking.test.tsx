import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneBookingDialog } from '@/features/admin/bookings/phone-booking-form';
import { saveAdminSession } from '@/lib/admin-session';
import { formatInr } from '@shared/money';
import { quoteStay } from '@shared/quote';
import { addDaysIso, resortToday } from '@shared/stay';
import { fail, liveToken, ok, stubFetch } from './support/app-harness';
import { sampleCottages, samplePackages } from '../../infra/local/sample-data.ts';

/* The phone booking form (docs/product.md#bookings-tab): the server's quote before staff book, and messages that go once fixed. */

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const hornbill = sampleCottages.find((unit) => unit.type === 'hornbill-villa');
const retreat = samplePackages.find((item) => item.id === 'forest-retreat');
const checkIn = addDaysIso(resortToday(), 20);
const checkOut = addDaysIso(checkIn, 2);
/** The quote the server would give for a Forest Retreat stay in one Hornbill Villa from `checkIn`. */
const retreatQuote = (stay: { checkOut: string; adults: number }) =>
  quoteStay({
    checkIn,
    checkOut: stay.checkOut,
    adults: stay.adults,
    children: 0,
    rooms: 1,
    cottage: hornbill as never,
    stayPackage: retreat as never,
    safaris: [],
    rules: [],
  });

function open() {
  saveAdminSession(liveToken(), { id: 'u1', name: 'Sam', email: 'sam@resort.in', role: 'staff' });
  const sent = stubFetch([
    { method: 'GET', path: /\/api\/cottages$/, answer: () => ok([{ id: 'hornbill-1', type: 'hornbill-villa', name: 'Hornbill Villa' }]) },
    { method: 'GET', path: /\/api\/packages$/, answer: () => ok([{ id: 'forest-retreat', name: 'Forest Retreat' }]) },
    {
      method: 'POST',
      path: /\/api\/packages\/calculate-pricing$/,
      answer: ({ body }) => {
        const stay = body as { adults: number; checkOut: string };
        if (stay.adults > 6)
          return fail(400, 'This villa can accommodate maximum 6 guests', { details: { guests: ['This villa can accommodate maximum 6 guests'] } });
        return ok(retreatQuote(stay));
      },
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PhoneBookingDialog open onClose={() => undefined} onCreated={() => undefined} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('a phone booking', () => {
  it('shows the price the server will charge once the stay is whole, and its refusal when it has one', async () => {
    open();
    const box = () => within(screen.getByTestId('phone-quote'));
    expect(box().getByText('The price shows here once the villa, dates, party and package are chosen.')).toBeTruthy();
    await screen.findByRole('option', { name: 'Hornbill Villa' });
    await screen.findByRole('option', { name: 'Forest Retreat' });
    fireEvent.change(screen.getByLabelText('Villa'), { target: { value: 'hornbill-villa' } });
    fireEvent.change(screen.getByLabelText('Package'), { target: { value: 'forest-retreat' } });
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: checkIn } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: checkOut } });
    const expected = retreatQuote({ checkOut, adults: 2 });
    await waitFor(() => expect(box().getByText('Total').nextSibling?.textContent).toBe(formatInr(expected.total)));
    expect(box().getByText('Hornbill Villa: 2 nights × ₹18,000')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Adults'), { target: { value: '7' } });
    expect(await box().findByText('This villa can accommodate maximum 6 guests')).toBeTruthy();
  });

  it("clears a field's message as soon as the field is changed, and keeps the others", async () => {
    const sent = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Book for the guest' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeTruthy();
    const firstName = screen.getByLabelText('First name');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(firstName, { target: { value: 'Ravi' } });
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((request) => request.path.startsWith('/api/bookings'))).toEqual([]);
  });

  it("sends the language staff chose for the guest's e-mails, English unless they choose", async () => {
    const sent = open();
    const language = screen.getByLabelText("Guest's e-mails in");
    expect(language).toHaveProperty('value', 'en');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'हिन्दी']);
    await screen.findByRole('option', { name: 'Hornbill Villa' });
    await screen.findByRole('option', { name: 'Forest Retreat' });
    for (const [label, value] of [
      ['Villa', 'hornbill-villa'],
      ['Package', 'forest-retreat'],
      ['Check-in', checkIn],
      ['Check-out', checkOut],
      ['First name', 'Ravi'],
      ['Last name', 'Menon'],
      ['Email', 'ravi@example.in'],
      ['Phone', '90000 11111'],
      ["Guest's e-mails in", 'hi'],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Book for the guest' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/bookings/admin')?.body).toMatchObject({ language: 'hi', guestDetails: { firstName: 'Ravi' } }),
    );
  });
});
