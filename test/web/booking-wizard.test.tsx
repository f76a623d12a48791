import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultDraft } from '@/features/booking/model/draft';
import { sessionKeys, SESSION_TTL_MS } from '@/features/booking/model/session-store';
import { canJumpTo, stepStatus } from '@/features/booking/model/wizard';
import { addDaysIso } from '@shared/stay';
import { checkedDraft, checkIn, checkOut, location, packagedDraft, renderWizard, saveSession, stubApi } from './support/wizard-harness';

const circle = (step: number) => screen.getByRole('button', { name: new RegExp(`^Step ${step}:`) });

describe('the wizard shell', () => {
  it('lets the guest jump to the current step, earlier ones, and the next only when the current step is valid', async () => {
    // Prepare: a fresh visit, then one whose step 1 is done
    stubApi();
    const fresh = renderWizard();
    await screen.findByRole('heading', { name: 'Your villa and dates' });
    // Assess
    expect([1, 2, 3, 4].map((step) => circle(step).hasAttribute('disabled'))).toEqual([false, true, true, true]);
    expect(screen.getByText('Step 1 of 4: Date & Accommodation Selection')).toBeTruthy();
    expect(screen.getByTestId('progress-fill').style.transform).toBe('scaleX(0)');
    fresh.unmount();

    saveSession(checkedDraft, 1);
    renderWizard();
    await screen.findByTestId('availability-result');
    expect([1, 2, 3, 4].map((step) => circle(step).hasAttribute('disabled'))).toEqual([false, false, true, true]);
    expect(circle(2).closest('li')?.getAttribute('data-status')).toBe('enabled');

    // Act: jump to step 2 by its circle; step 1 is then completed and still clickable
    await userEvent.click(circle(2));
    await screen.findByRole('heading', { name: 'Choose your package' });
    expect(location.current).toBe('/?step=2');
    expect(circle(1).closest('li')?.getAttribute('data-status')).toBe('completed');
    expect([1, 2, 3, 4].map((step) => circle(step).hasAttribute('disabled'))).toEqual([false, false, true, true]);
    expect(screen.getByTestId('progress-fill').style.transform).toBe(`scaleX(${1 / 3})`);
  });

  it('names each status: completed, active, enabled (next when valid), pending', () => {
    expect([1, 2, 3, 4].map((step) => stepStatus(step as 1 | 2 | 3 | 4, 2, packagedDraft))).toEqual(['completed', 'active', 'enabled', 'pending']);
    expect([1, 2, 3, 4].map((step) => stepStatus(step as 1 | 2 | 3 | 4, 2, checkedDraft))).toEqual(['completed', 'active', 'pending', 'pending']);
    expect(canJumpTo(4, 3, packagedDraft)).toBe(true);
    expect(canJumpTo(2, 1, defaultDraft)).toBe(false);
  });

  it('restores a session under 2 hours old at its step, with a closable banner that goes after 5 seconds', async () => {
    // Prepare
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi();
    saveSession(packagedDraft, 2, Date.now() - 60 * 60 * 1000);
    // Act
    renderWizard('/');
    // Assess: back at step 2, the URL says so, the banner and the header say so
    await screen.findByRole('heading', { name: 'Choose your package' });
    expect(location.current).toBe('/?step=2');
    expect(screen.getByText('Session Restored')).toBeTruthy();
    expect(screen.getByText('Your booking progress has been restored from Step 2/4')).toBeTruthy();
    expect(screen.getByTestId('session-status').textContent).toMatch(/^Your booking: step 2 of 4, saved \d{1,2}:\d{2}\s?[AP]M$/i);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByText('Session Restored')).toBeNull();
  });

  it('closes the restored banner with its close button', async () => {
    stubApi();
    saveSession(checkedDraft, 1);
    renderWizard('/');
    const banner = (await screen.findByText('Session Restored')).closest('[role="status"]') as HTMLElement;
    await userEvent.click(within(banner).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Session Restored')).toBeNull();
  });

  it('starts afresh at step 1 when the saved session is 2 hours old, and clears it', async () => {
    // Prepare
    stubApi();
    saveSession(packagedDraft, 3, Date.now() - SESSION_TTL_MS);
    // Act
    renderWizard('/?step=3');
    // Assess
    await screen.findByRole('heading', { name: 'Your villa and dates' });
    expect(screen.queryByText('Session Restored')).toBeNull();
    // Nothing in progress: the header says nothing about a booking.
    expect(screen.queryByTestId('session-status')).toBeNull();
    expect(sessionStorage.getItem(sessionKeys.bookingData)).toBeNull();
    expect(location.current).toBe('/');
  });

  it('keeps the step in the URL: a step the draft cannot reach falls back; Start over asks first, then starts again', async () => {
    stubApi();
    saveSession(checkedDraft, 1);
    renderWizard('/?step=4');
    // Step 2 is as far as a draft without a package goes.
    await screen.findByRole('heading', { name: 'Choose your package' });
    expect(location.current).toBe('/?step=2');
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    // The question is its own chunk, fetched the first time a guest asks.
    const ask = await screen.findByRole('dialog', { name: 'Start over?' });
    expect(ask.textContent).toContain('Your villa, dates and choices so far will be cleared.');
    // Keep: nothing is lost.
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep my booking' }));
    expect(screen.queryByRole('dialog', { name: 'Start over?' })).toBeNull();
    expect(location.current).toBe('/?step=2');
    expect(sessionStorage.getItem(sessionKeys.bookingData)).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Start over?' })).getByRole('button', { name: 'Start over' }));
    await screen.findByRole('heading', { name: 'Your villa and dates' });
    expect(location.current).toBe('/');
    expect(screen.queryByTestId('session-status')).toBeNull();
  });
});

describe('step 1 validation', () => {
  it('lists the stay messages when nothing is chosen, and checks nothing', async () => {
    const requests = stubApi();
    renderWizard();
    await screen.findAllByTestId('stay-kind-card');
    await userEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    expect(screen.getByTestId('availability-status').textContent).toBe('Please fix the errors below before checking availability');
    const list = screen.getByRole('list', { name: 'Problems to fix' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Please select a villa', 'Check-in date is required', 'Check-out date is required']);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("says 'At least 1 room is required' beside Rooms for a saved stay of no rooms, until a room is chosen", async () => {
    const requests = stubApi();
    saveSession({ ...defaultDraft, cottage: 'hornbill-villa', checkIn, checkOut, adults: 2, rooms: 0 }, 1);
    renderWizard();
    await screen.findAllByTestId('stay-kind-card');
    await userEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    const rooms = screen.getByLabelText('Rooms').closest('.field') as HTMLElement;
    expect(within(rooms).getByText('At least 1 room is required')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText('Rooms'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    expect(within(rooms).queryByText('At least 1 room is required')).toBeNull();
  });

  it('refuses more guests than the villa holds', async () => {
    stubApi();
    saveSession({ ...defaultDraft, checkIn, checkOut }, 1);
    renderWizard();
    await userEvent.click(await screen.findByRole('radio', { name: 'Kingfisher Villa' }));
    await userEvent.selectOptions(screen.getByLabelText('Adults'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    expect(within(screen.getByRole('list', { name: 'Problems to fix' })).getByText('This villa can accommodate maximum 4 guests')).toBeTruthy();
  });

  it('shows the positive result and clears it on any change', async () => {
    const requests = stubApi();
    saveSession({ ...defaultDraft, cottage: 'hornbill-villa', checkIn, checkOut, adults: 2 }, 1);
    renderWizard();
    await screen.findAllByTestId('stay-kind-card');
    await userEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    const result = await screen.findByTestId('availability-result');
    expect(screen.getByTestId('availability-status').textContent).toBe('Villa is available for your dates!');
    expect(result.textContent).toContain('₹41,400');
    expect(result.textContent).toContain('×1.3');
    expect(requests.find((request) => request.method === 'POST' && request.path.endsWith('/availability'))?.body).toEqual({
      checkIn,
      checkOut,
      guests: 2,
      rooms: 1,
    });
    expect(screen.getByRole('button', { name: 'Proceed to Package Selection' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Children'), { target: { value: '1' } });
    expect(screen.queryByTestId('availability-result')).toBeNull();
    expect(screen.getByRole('button', { name: 'Check Availability' })).toBeTruthy();
  });

  it('offers Retry after a network failure', async () => {
    stubApi([
      {
        method: 'POST',
        path: /availability$/,
        answer: () => ({ status: 503, body: { success: false, error: 'Service unavailable' } }),
      },
    ]);
    saveSession({ ...defaultDraft, cottage: 'hornbill-villa', checkIn, checkOut }, 1);
    renderWizard();
    await screen.findAllByTestId('stay-kind-card');
    await userEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    expect((await screen.findByTestId('availability-status')).textContent).toBe('Unable to check availability. Please try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('step 2 validation', () => {
  it('asks for a package before moving on, and dims the ones the party does not fit', async () => {
    stubApi();
    saveSession({ ...checkedDraft, adults: 3 }, 2);
    renderWizard('/?step=2');
    await screen.findByRole('heading', { name: 'Choose your package' });
    const honeymoon = (await screen.findByRole('heading', { name: 'Honeymoon Escape' })).closest('article') as HTMLElement;
    expect(within(honeymoon).getByText('Honeymoon Escape supports maximum 2 guests')).toBeTruthy();
    expect(within(honeymoon).getByRole('button', { name: 'Reserve This Package' }).hasAttribute('disabled')).toBe(true);
    // Every card says the package for this stay (two nights), not its nominal '2 Days / 1 Night'.
    const lengths = screen.getAllByTestId('package-card').map((card) => card.querySelector('.package-card__meta')?.textContent?.split(' · ')[0]);
    expect(new Set(lengths)).toEqual(new Set(['3 Days / 2 Nights']));
    // What a package includes of the safaris any stay can add: Safari Adventure 3, the others none.
    const meta = (name: string) => screen.getByRole('article', { name }).querySelector('.package-card__meta')?.textContent ?? '';
    expect(meta('Safari Adventure')).toMatch(/ · 3 safaris included$/);
    expect(meta('Forest Retreat')).not.toContain('safari');

    await userEvent.click(screen.getByRole('button', { name: 'Continue to Safari Selection' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a package to continue');
  });

  it('says so when no package fits the party', async () => {
    stubApi([
      {
        method: 'GET',
        path: /^\/api\/packages$/,
        answer: () => ({
          status: 200,
          body: {
            success: true,
            data: [
              {
                id: 'honeymoon-escape',
                name: 'Honeymoon Escape',
                type: 'wellness',
                category: 'romance',
                description: 'For two.',
                price_multiplier: 1.3,
                includes_safari: false,
                max_safaris: 0,
                min_guests: 2,
                max_guests: 2,
                duration: '2 Days / 1 Night',
                includes: ['Dinner'],
                is_active: true,
              },
            ],
          },
        }),
      },
    ]);
    saveSession({ ...checkedDraft, adults: 3 }, 2);
    renderWizard('/?step=2');
    expect(
      (await screen.findByText('No packages available for 3 guests. Please adjust your guest count or contact us for custom packages.')).getAttribute('role'),
    ).toBe('alert');
  });
});

describe('step 3 validation', () => {
  it('keeps the time slot disabled until a date is chosen, and gives the safari messages on Add', async () => {
    stubApi();
    saveSession(packagedDraft, 3);
    renderWizard('/?step=3');
    const card = (await screen.findByRole('heading', { name: 'Morning Jeep Safari' })).closest('article') as HTMLElement;
    expect(within(card).getByLabelText('Time slot').hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(card).getByRole('button', { name: 'Add Safari' }));
    expect(within(card).getByText('Please select a date')).toBeTruthy();
    expect(within(card).getByText('Please select a time slot')).toBeTruthy();
    expect(within(card).getByText('Please select number of guests')).toBeTruthy();

    // Dates are the nights of the stay; guests go up to the smaller of the party and the safari's maximum.
    const dates = within(within(card).getByLabelText('Date'))
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(dates).toEqual(['', checkIn, addDaysIso(checkIn, 1)]);
    expect(dates).not.toContain(checkOut);
    const guests = within(within(card).getByLabelText('Guests'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(guests).toEqual(['Guests', '1', '2']);
    expect(screen.getAllByText('Special Experience')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Continue Without Safari' })).toBeTruthy();
  });
});

describe("step 3, a package's safaris", () => {
  const selected = (id: string, name: string, price: number) => ({ id, name, price, date: checkIn, timeSlot: '06:00-09:00', guests: 2, totalPrice: price * 2 });
  const chip = (name: string) => screen.getByRole('button', { name: `Remove ${name}` }).closest('li') as HTMLElement;

  it('a package that includes none still takes safaris, at their price', async () => {
    stubApi();
    const forestRetreat = { id: 'forest-retreat', name: 'Forest Retreat', min_guests: 1, max_guests: 6, includes_safari: false, max_safaris: 0 };
    saveSession(
      { ...packagedDraft, packageId: 'forest-retreat', packageDetails: forestRetreat, safaris: [selected('morning-jeep-safari', 'Morning Jeep Safari', 750)] },
      3,
    );
    renderWizard('/?step=3');
    const card = (await screen.findByRole('heading', { name: 'Evening Jungle Safari' })).closest('article') as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Add Safari' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/does not include safaris/)).toBeNull();
    expect(screen.queryByTestId('included-safaris')).toBeNull();
    expect(chip('Morning Jeep Safari').textContent).toContain('₹1,500');
    expect(screen.getByText(/Safari total/).textContent).toContain('₹1,500');
  });

  it('one that includes some marks the dearest as included and leaves them out of the safari total', async () => {
    stubApi();
    const oneIncluded = { id: 'safari-adventure', name: 'Safari Adventure', min_guests: 1, max_guests: 6, includes_safari: true, max_safaris: 1 };
    const safaris = [selected('morning-jeep-safari', 'Morning Jeep Safari', 750), selected('night-trail-safari', 'Night Trail Safari', 2000)];
    saveSession({ ...packagedDraft, packageDetails: oneIncluded, safaris }, 3);
    renderWizard('/?step=3');
    expect((await screen.findByTestId('included-safaris')).textContent).toBe(
      'Your Safari Adventure package includes one safari at no extra charge: the dearest one you add is free.',
    );
    expect(chip('Night Trail Safari').textContent).toContain('Included');
    expect(chip('Night Trail Safari').textContent).not.toContain('₹4,000');
    expect(chip('Morning Jeep Safari').textContent).toContain('₹1,500');
    expect(screen.getByText(/Safari total/).textContent).toMatch(/₹1,500.*\(1 included in your package\)/);
  });
});

describe('step 4 validation', () => {
  it('keeps Confirm disabled until the terms are ticked, then sums up every problem in the banner', async () => {
    const requests = stubApi();
    saveSession(packagedDraft, 4);
    renderWizard('/?step=4');
    const confirm = await screen.findByRole('button', { name: /^Pay ₹/ });
    await waitFor(() => expect(screen.getByTestId('final-quote')).toBeTruthy());
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByLabelText(/I accept the terms/));
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await userEvent.click(confirm);
    expect(screen.getByRole('alert').textContent).toBe(
      'Please fix the following errors: First name is required, Last name is required, Email is required, Phone number is required',
    );

    await userEvent.type(screen.getByLabelText(/First name/), 'Meera');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Iyer');
    await userEvent.type(screen.getByLabelText(/Email/), 'meera@example');
    await userEvent.type(screen.getByLabelText(/Phone number/), '98765');
    await userEvent.click(confirm);
    expect(screen.getByRole('alert').textContent).toBe(
      'Please fix the following errors: Please enter a valid email address, Please enter a valid 10-digit phone number',
    );
    expect(requests.filter((request) => request.path === '/api/bookings')).toEqual([]);
  });
});
