import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultDraft } from '@/features/booking/model/draft';
import { samplePackages } from '../../infra/local/sample-data.ts';
import { available, checkIn, checkOut, renderWizard, saveSession, stubApi, today } from './support/wizard-harness';

/** 'yyyy-mm' of the month `count` months after the resort's today. */
const monthAfter = (count: number) => {
  const [year = 0, month = 1] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 + count, 1));
  return date.toISOString().slice(0, 7);
};

const calendarMonths = (requests: Array<{ method: string; path: string }>, villa: string) =>
  requests
    .filter((request) => request.method === 'GET' && request.path.startsWith(`/api/cottages/${villa}/availability?`))
    .map((request) => new URLSearchParams(request.path.split('?')[1]).get('startDate')?.slice(0, 7));

describe("the calendar's nights, asked for before the calendar opens", () => {
  it('fetches the chosen villa’s first months of nights when the guest chooses it, so the calendar opens without asking again', async () => {
    // Prepare
    const requests = stubApi();
    renderWizard();
    const hornbill = await screen.findByRole('radio', { name: 'Hornbill Villa' });
    expect(calendarMonths(requests, 'hornbill-villa')).toEqual([]);
    // Act: the guest chooses a villa, and has not opened the calendar
    await userEvent.click(hornbill);
    // Assess: the months a laptop's calendar shows and the one after (a phone shows the first of them)
    await waitFor(() => expect(calendarMonths(requests, 'hornbill-villa').sort()).toEqual([monthAfter(0), monthAfter(1), monthAfter(2)]));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opening the calendar asks for nothing more, and it opens on the tap: its code came with the
    // nights, so nothing suspends (a Suspense fallback would hold the dialog back for 300 ms)
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: /^Check-in/ }));
    expect(screen.queryByText('Loading the calendar...')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Select check-in date' })).toBeTruthy();
    expect(calendarMonths(requests.slice(before), 'hornbill-villa')).toEqual([]);
  });

  it('fetches the nights of the villa the guest changes to', async () => {
    const requests = stubApi();
    renderWizard();
    await userEvent.click(await screen.findByRole('radio', { name: 'Hornbill Villa' }));
    await waitFor(() => expect(calendarMonths(requests, 'hornbill-villa')).toHaveLength(3));
    const other = screen.getAllByRole('radio').find((radio) => radio.getAttribute('aria-checked') !== 'true' && !(radio as HTMLInputElement).checked);
    if (!other) throw new Error('no other villa to choose');
    await userEvent.click(other);
    const otherVillas = () =>
      requests
        .map((request) => /^\/api\/cottages\/([^/]+)\/availability\?/.exec(request.path)?.[1])
        .filter((id) => id !== undefined && id !== 'hornbill-villa');
    await waitFor(() => expect(otherVillas()).toHaveLength(3));
  });
});

describe("the availability answer's code, asked for when the guest opens the calendar", () => {
  it('shows the answer to Check Availability without a placeholder first: the code came when the calendar opened', async () => {
    // Prepare: a stay whose dates were chosen, not yet checked; anything that ever shows the placeholder is noted
    stubApi();
    saveSession({ ...defaultDraft, cottage: 'hornbill-villa', checkIn, checkOut, adults: 2 }, 1);
    const placeholders: Element[] = [];
    const observer = new MutationObserver(() => placeholders.push(...document.querySelectorAll('.result-skeleton')));
    observer.observe(document.body, { childList: true, subtree: true });
    renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: /^Check-in/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Select check-in date' })).getByRole('button', { name: 'Done' }));
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    // Assess
    await screen.findByTestId('availability-result');
    observer.disconnect();
    expect(placeholders).toEqual([]);
  });
});

describe("step 2's prices, asked for beside the availability check", () => {
  it('asks for the stay’s quote and each fitting package’s while the check is still in flight', async () => {
    // Prepare: the check's answer is held back
    let answer: () => void = () => undefined;
    const requests = stubApi([
      {
        method: 'POST',
        path: /^\/api\/cottages\/[^/]+\/availability$/,
        answer: () => new Promise((done) => (answer = () => done({ status: 200, body: { success: true, data: available } }))),
      },
    ]);
    saveSession({ ...defaultDraft, cottage: 'hornbill-villa', checkIn, checkOut, adults: 2 }, 1);
    renderWizard();
    await screen.findAllByTestId('stay-kind-card');
    const before = requests.length;
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    // Assess: the check, which the guest waits on, goes out first
    await waitFor(() => expect(requests.length).toBeGreaterThan(before + 1));
    expect(requests[before]?.path).toBe('/api/cottages/hornbill-villa/availability');
    // Before its answer, the quotes step 2 shows are asked for
    const fitting = samplePackages.filter((stayPackage) => stayPackage.min_guests <= 2 && stayPackage.max_guests >= 2).map((stayPackage) => stayPackage.id);
    expect(fitting.length).toBeGreaterThan(0);
    const quoted = () =>
      requests
        .filter((request) => request.path === '/api/packages/calculate-pricing')
        .map((request) => (request.body as { packageId?: string }).packageId ?? 'the stay alone');
    await waitFor(() => expect(quoted().sort()).toEqual([...fitting, 'the stay alone'].sort()));
    expect(
      requests
        .filter((request) => request.path === '/api/packages/calculate-pricing')
        .every((request) => (request.body as { checkIn: string }).checkIn === checkIn),
    ).toBe(true);
    expect(screen.queryByTestId('availability-result')).toBeNull();
    // The answer then asks for none of them again
    const asked = quoted().length;
    answer();
    await screen.findByTestId('availability-result');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Package Selection' }));
    await screen.findAllByText(/for your stay/);
    expect(quoted()).toHaveLength(asked);
  });
});
