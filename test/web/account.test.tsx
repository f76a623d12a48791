import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountMessages, registerProblems } from '@/features/account/components/account-forms';
import { GUEST_TOKEN_KEY } from '@/lib/guest-session';
import { fail, location, meera, ok, paidBooking, renderApp, signInAs, stubFetch } from './support/app-harness';
import { packagedDraft, renderWizard, saveSession, stubApi } from './support/wizard-harness';

const profile = {
  id: meera.id,
  name: 'Meera Iyer',
  email: meera.email,
  phone: '9845012345',
  role: 'customer',
  status: 'active',
  createdAt: '2030-01-01T00:00:00.000Z',
};
const signedInAnswer = () => ({ status: 200, body: { success: true, data: { token: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig', user: meera } } });

beforeEach(() => localStorage.clear());

describe('signing in (/account/sign-in)', () => {
  it("checks the form first: the server's messages under the fields, focus on the first, nothing sent", async () => {
    const sent = stubFetch([]);
    renderApp('/account/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText(accountMessages.passwordRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    expect(sent).toEqual([]);
  });

  it("shows a refused sign-in in a focused alert, in the server's words", async () => {
    stubFetch([{ method: 'POST', path: /^\/api\/auth$/, answer: () => fail(401, 'Invalid email or password') }]);
    renderApp('/account/sign-in');
    await userEvent.type(await screen.findByLabelText(/^Email/), meera.email);
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();
  });

  it('keeps the token, shows who is signed in, and lists their bookings with status chips (sent with the token)', async () => {
    // Prepare
    const sent = stubFetch([
      { method: 'POST', path: /^\/api\/auth$/, answer: signedInAnswer },
      {
        method: 'GET',
        path: /^\/api\/bookings\/my-bookings$/,
        answer: () =>
          ok([paidBooking(), paidBooking({ id: 'b-2', booking_reference: 'VMOLD1', status: 'cancelled', refund_amount: 0, cancellation: undefined })]),
      },
    ]);
    renderApp('/account/sign-in');
    // Act
    await userEvent.type(await screen.findByLabelText(/^Email/), ` ${meera.email}`);
    await userEvent.type(screen.getByLabelText(/^Password/), 'a good password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // Assess
    const list = await screen.findByTestId('my-bookings');
    expect(location.current).toBe('/account');
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/auth?action=login', body: { email: meera.email, password: 'a good password' } });
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBe('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig');
    expect(sent[1]?.headers.authorization).toBe('Bearer header.eyJleHAiOjQxMDI0NDQ4MDB9.sig');
    expect(
      within(list)
        .getAllByTestId('booking-status')
        .map((chip) => chip.textContent),
    ).toEqual(['Confirmed', 'Cancelled']);
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Signed in as Meera');

    // Act: sign out
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    // Assess
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();
    expect(location.current).toBe('/');
  });
});

describe('registering (/account/register)', () => {
  it('states its rules: name, e-mail, a 10-digit phone when given, a password of 8 characters', () => {
    expect(registerProblems({ name: '', email: 'meera@', phone: '12345', password: 'short' })).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid 10-digit phone number',
      password: accountMessages.passwordLength,
    });
    expect(registerProblems({ name: 'Meera Iyer', email: meera.email, phone: '', password: '12345678' })).toEqual({});
  });

  it("puts the server's 409 (e-mail taken) under the e-mail field, then registers and signs in", async () => {
    // Prepare
    let taken = true;
    const sent = stubFetch([
      {
        method: 'POST',
        path: /^\/api\/auth$/,
        answer: () =>
          taken
            ? fail(409, 'An account with this email already exists', { details: { email: ['An account with this email already exists'] } })
            : { ...signedInAnswer(), status: 201 },
      },
      { method: 'GET', path: /^\/api\/bookings\/my-bookings$/, answer: () => ok([]) },
    ]);
    renderApp('/account/register');
    await userEvent.type(await screen.findByLabelText(/^Full name/), 'Meera Iyer');
    await userEvent.type(screen.getByLabelText(/^Email/), meera.email);
    await userEvent.type(screen.getByLabelText(/^Phone number/), '98450 12345');
    await userEvent.type(screen.getByLabelText(/^Password/), 'forest-walks');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // Assess
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('register-email-error')?.textContent).toBe('An account with this email already exists');
    expect(document.activeElement).toBe(email);
    expect(sent[0]).toMatchObject({
      path: '/api/auth?action=register',
      body: { name: 'Meera Iyer', email: meera.email, phone: '98450 12345', password: 'forest-walks' },
    });

    // Act: the server takes it now
    taken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // Assess
    expect((await screen.findByText(/No bookings yet/)).textContent).toContain('No bookings yet');
    expect(location.current).toBe('/account');
  });
});

describe('My Bookings and the profile', () => {
  it('sends a visitor who is not signed in to Sign in, and back after', async () => {
    stubFetch([
      { method: 'POST', path: /^\/api\/auth$/, answer: signedInAnswer },
      { method: 'GET', path: /^\/api\/auth\/profile$/, answer: () => ok(profile) },
    ]);
    renderApp('/account/profile');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(location.current).toBe('/account/sign-in');
    await userEvent.type(screen.getByLabelText(/^Email/), meera.email);
    await userEvent.type(screen.getByLabelText(/^Password/), 'a good password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Your profile' });
    expect(location.current).toBe('/account/profile');
  });

  it("cancels one of the guest's bookings with its refund shown first, signed in", async () => {
    signInAs();
    const sent = stubFetch([
      { method: 'GET', path: /^\/api\/bookings\/my-bookings$/, answer: () => ok([paidBooking()]) },
      {
        method: 'PUT',
        path: /^\/api\/bookings\/[^/]+\/cancel$/,
        answer: () =>
          ok({ booking: paidBooking({ status: 'cancelled', refund_amount: 36_000 }), refundAmount: 36_000, policy: 'Free cancellation up to 48 hours' }),
      },
    ]);
    renderApp('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking VMLX2K9QF3A1B2C3?' });
    expect(within(dialog).getByTestId('refund').textContent).toContain('₹36,000');
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
    expect((await screen.findByTestId('cancel-result')).textContent).toContain('Booking VMLX2K9QF3A1B2C3 is cancelled.');
    expect(sent.find((request) => request.method === 'PUT')).toMatchObject({ path: `/api/bookings/${paidBooking().id}/cancel` });
    expect(sent.find((request) => request.method === 'PUT')?.headers.authorization).toMatch(/^Bearer /);
  });

  it('edits the name and phone, checks them first, and the header shows the new name', async () => {
    // Prepare
    signInAs();
    const sent = stubFetch([
      { method: 'GET', path: /^\/api\/auth\/profile$/, answer: () => ok(profile) },
      { method: 'PUT', path: /^\/api\/auth\/profile$/, answer: ({ body }) => ok({ ...profile, ...(body as object) }) },
    ]);
    renderApp('/account/profile');
    const name = await screen.findByLabelText(/^Full name/);
    expect((name as HTMLInputElement).value).toBe('Meera Iyer');
    expect((screen.getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('9845012345');
    // Act: an invalid phone first
    await userEvent.clear(screen.getByLabelText(/^Phone number/));
    await userEvent.type(screen.getByLabelText(/^Phone number/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Please enter a valid 10-digit phone number')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
    // Act: then a good one and a new name
    await userEvent.clear(name);
    await userEvent.type(name, 'Meenakshi Iyer');
    await userEvent.clear(screen.getByLabelText(/^Phone number/));
    await userEvent.type(screen.getByLabelText(/^Phone number/), '9845099999');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    // Assess
    const saved = await screen.findByText('Your profile is saved.');
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ name: 'Meenakshi Iyer', phone: '9845099999' });
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Signed in as Meenakshi');
    await waitFor(() => expect(document.activeElement).toBe(saved.closest('[role="status"]')));
  });
});

describe("the wizard's step 4 for a signed-in guest", () => {
  it("prefills the guest's empty fields from the profile and leaves what they typed", async () => {
    // Prepare
    signInAs();
    stubApi([{ method: 'GET', path: /^\/api\/auth\/profile$/, answer: () => ok(profile) }]);
    saveSession({ ...packagedDraft, guest: { ...packagedDraft.guest, lastName: 'Rao' } }, 4);
    // Act
    renderWizard('/?step=4');
    // Assess
    await waitFor(() => expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Meera'));
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('Rao');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(meera.email);
    expect((screen.getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('9845012345');
  });
});
