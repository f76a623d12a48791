import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityResult } from '@/features/booking/api/schemas';
import { JUST_TAKEN } from '@/features/booking/model/availability-question';
import { readNotifications, resetNotifications } from '@/lib/notification-store';
import { deliverFrame } from '@/lib/realtime';
import { addDaysIso, notAvailableMessage } from '@shared/stay';
import { available, checkedDraft, checkIn, checkOut, location, packagedDraft, renderWizard, saveSession, stubApi } from './support/wizard-harness';

const soldOut: AvailabilityResult = {
  ...available,
  available: false,
  message: notAvailableMessage('Hornbill Villa'),
  alternativeDates: [{ checkIn: addDaysIso(checkIn, 3), checkOut: addDaysIso(checkOut, 3) }],
  suggestedVillas: [{ type: 'glass-cottage', id: 'glass-1', name: 'Glass Cottage', price: 25_000, totalPrice: 50_000, maxGuests: 8 }],
};

const changed = (data: Record<string, unknown>) =>
  act(() =>
    deliverFrame({
      id: `rec-${Math.random()}`,
      event: 'availability-changed',
      data: { cottageType: 'hornbill-villa', checkIn, checkOut, reason: 'booked', ...data },
    }),
  );

/** The API with the POST availability check answering `answers` in turn. */
function stubWithChecks(answers: AvailabilityResult[]) {
  let next = 0;
  return stubApi([
    {
      method: 'POST',
      path: /^\/api\/cottages\/[^/]+\/availability$/,
      answer: () => ({ status: 200, body: { success: true, data: answers[Math.min(next++, answers.length - 1)] } }),
    },
  ]);
}

const checks = (requests: Array<{ method: string; path: string }>) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/api/cottages/hornbill-villa/availability').length;
const calendarReads = (requests: Array<{ method: string; path: string }>) =>
  requests.filter((request) => request.method === 'GET' && request.path.startsWith('/api/cottages/hornbill-villa/availability?')).length;

describe('live availability in the wizard', () => {
  beforeEach(() => resetNotifications());

  it('says at once in step 1 that the checked dates were just taken, with what is free, and fetches the calendar again', async () => {
    // Prepare: step 1 checked, available
    const requests = stubWithChecks([soldOut]);
    saveSession(checkedDraft, 1);
    renderWizard();
    await screen.findByTestId('availability-result');
    await screen.findByText('Villa is available for your dates!');
    const calendarBefore = calendarReads(requests);
    // Act: another guest books a night of this stay
    changed({ checkIn: addDaysIso(checkIn, 1), checkOut: addDaysIso(checkIn, 4) });
    // Assess
    await screen.findByText(JUST_TAKEN);
    expect(screen.getByTestId('availability-status').textContent).toBe(JUST_TAKEN);
    const result = screen.getByTestId('availability-result');
    expect(within(result).getByRole('heading', { name: 'Nearest free dates' })).toBeTruthy();
    expect(within(result).getByRole('button', { name: /Glass Cottage/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to Package Selection' })).toBeNull();
    expect(checks(requests)).toBe(1);
    expect(calendarReads(requests)).toBeGreaterThan(calendarBefore);
    // Said once in the result area (no second banner above the form), and as a warning on the bell
    expect(screen.getAllByText(JUST_TAKEN)).toHaveLength(1);
    expect(readNotifications().notifications.map(({ type, title, message }) => ({ type, title, message }))).toEqual([
      {
        type: 'warning',
        title: 'Dates just taken',
        message: 'Another guest has just booked Hornbill Villa for some of your nights. Step 1 shows what is still free.',
      },
    ]);
  });

  it('takes a guest past step 1 back to it when their nights go', async () => {
    stubWithChecks([soldOut]);
    saveSession(packagedDraft, 2);
    renderWizard('/?step=2');
    await screen.findByRole('heading', { name: 'Choose your package' });
    changed({});
    await screen.findByRole('heading', { name: 'Your villa and dates' });
    await vi.waitFor(() => expect(location.current).toBe('/'));
    expect((await screen.findByTestId('availability-status')).textContent).toBe(JUST_TAKEN);
  });

  it('leaves the answer alone for another villa, other nights, or when a unit is still free', async () => {
    const requests = stubWithChecks([available]);
    saveSession(checkedDraft, 1);
    renderWizard();
    await screen.findByText('Villa is available for your dates!');
    // Other villa, and nights that do not touch the stay: no check
    changed({ cottageType: 'glass-cottage' });
    changed({ checkIn: checkOut, checkOut: addDaysIso(checkOut, 2) });
    changed({ checkIn: addDaysIso(checkIn, -2), checkOut: checkIn });
    expect(checks(requests)).toBe(0);
    // The same nights, but another unit is free: checked, still available
    changed({});
    await vi.waitFor(() => expect(checks(requests)).toBe(1));
    await act(() => Promise.resolve());
    expect(screen.getByTestId('availability-status').textContent).toBe('Villa is available for your dates!');
    expect(screen.getByRole('button', { name: 'Proceed to Package Selection' })).toBeTruthy();
  });

  it('makes dates that were sold out bookable again when they are freed', async () => {
    const requests = stubWithChecks([available]);
    saveSession({ ...checkedDraft, availability: soldOut }, 1);
    renderWizard();
    await screen.findByText(notAvailableMessage('Hornbill Villa'));
    changed({ reason: 'booked' });
    expect(checks(requests)).toBe(0);
    changed({ reason: 'released' });
    await screen.findByText('Villa is available for your dates!');
    expect(screen.getByRole('button', { name: 'Proceed to Package Selection' })).toBeTruthy();
  });

  it('refreshes the catalogue once after a burst of staff edits, not once per frame', async () => {
    // Prepare
    const requests = stubWithChecks([available]);
    saveSession(checkedDraft, 1);
    renderWizard();
    await screen.findByText('Villa is available for your dates!');
    const cottageReads = () => requests.filter((request) => request.method === 'GET' && request.path === '/api/cottages').length;
    const before = cottageReads();
    // Act: five cottage edits in a row, and an entity the wizard does not show
    act(() => {
      for (let index = 0; index < 5; index += 1) deliverFrame({ event: 'catalogue-changed', data: { entity: 'cottage', id: `c-${index}` } });
      deliverFrame({ event: 'catalogue-changed', data: { entity: 'user', id: 'u-1' } });
    });
    // Assess
    expect(cottageReads()).toBe(before);
    await vi.waitFor(() => expect(cottageReads()).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(cottageReads()).toBe(before + 1);
  });
});
