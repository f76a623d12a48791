import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StayCalendar from '@/features/booking/components/stay-calendar';
import { formatLongDate } from '@/lib/format';
import { setLocale } from '@/i18n/i18n';
import { addDaysIso, resortToday } from '@shared/stay';

const today = resortToday();

/** The calendar as step 1 holds it: its dates and which one is being chosen live in the parent. */
function Harness({ checkIn }: { checkIn: string }) {
  const [dates, setDates] = useState({ checkIn, checkOut: '' });
  const [editing, setEditing] = useState<'checkIn' | 'checkOut'>('checkOut');
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StayCalendar villa="" today={today} {...dates} editing={editing} onEditingChange={setEditing} onChange={setDates} onDone={() => undefined} />
    </QueryClientProvider>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLocale('en'));
});

const noNights = async () => new Response(JSON.stringify({ success: true, data: { nights: [] } }), { headers: { 'content-type': 'application/json' } });

describe('the stay calendar', () => {
  it("says 'Minimum stay is 1 night' when the check-in day is tapped again as the check-out, and forgets it on the next tap", async () => {
    vi.stubGlobal('fetch', noNights);
    // The 10th of next month: it and the day after are in the month the calendar opens on.
    const checkIn = `${addDaysIso(`${today.slice(0, 7)}-01`, 40).slice(0, 7)}-10`;
    render(<Harness checkIn={checkIn} />);
    const hint = () => document.querySelector('.stay-calendar__hint')?.textContent ?? '';
    expect(hint()).not.toContain('Minimum stay');

    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${formatLongDate(checkIn)}`) }));
    expect(hint()).toBe(
      `Minimum stay is 1 night. Choose your check-out date (at least ${formatLongDate(addDaysIso(checkIn, 1))}) · choose a villa to see nightly prices`,
    );

    // A day after it ends the stay: the message goes.
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${formatLongDate(addDaysIso(checkIn, 1))}`) }));
    expect(hint()).not.toContain('Minimum stay');
  });

  it('speaks Hindi when the guest chose it: its words, its months and weekdays, and each day named in the Indian format', async () => {
    vi.stubGlobal('fetch', noNights);
    await act(() => setLocale('hi'));
    const checkIn = `${addDaysIso(`${today.slice(0, 7)}-01`, 40).slice(0, 7)}-10`;
    render(<Harness checkIn={checkIn} />);
    expect(screen.getByRole('group', { name: 'आपके ठहराव की तारीखें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'तारीखें हटाएँ' })).toBeTruthy();
    // The month and weekday names come with the language, fetched when the calendar opens in it.
    const month = new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'UTC' }).format(new Date(`${checkIn}T00:00:00Z`));
    expect(await screen.findByRole('grid', { name: new RegExp(month) })).toBeTruthy();
    expect([...document.querySelectorAll('.rdp-weekday')].map((header) => header.getAttribute('aria-label'))).toContain('सोमवार');
    expect(screen.getByRole('button', { name: new RegExp(`^${formatLongDate(addDaysIso(checkIn, 1))}`) })).toBeTruthy();
    expect(formatLongDate(checkIn)).toMatch(/^10 [\u0900-\u097f]+ \d{4}$/);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${formatLongDate(checkIn)}`) }));
    expect(document.querySelector('.stay-calendar__hint')?.textContent).toContain('कम से कम 1 रात ठहरना ज़रूरी है। ');
  });
});
