import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StayCalendar from '@/features/booking/components/stay-calendar';
import { formatLongDate } from '@/lib/format';
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

afterEach(() => vi.unstubAllGlobals());

describe('the stay calendar', () => {
  it("says 'Minimum stay is 1 night' when the check-in day is tapped again as the check-out, and forgets it on the next tap", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ success: true, data: { nights: [] } }), { headers: { 'content-type': 'application/json' } }),
    );
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
});
