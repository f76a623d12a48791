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
const signupMessage = 'Check your e-mail: we have sent you a message about your new account. Open the link in it within 48 hours to activate your account.';
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

  it("puts the server's field problems under their fields, then answers 'check your e-mail' (and signs nobody in)", async () => {
    // Prepare
    let refused = true;
    const sent = stubFetch([
      {
        method: 'POST',
        path: /^\/api\/auth$/,
        answer: () =>
          refused
            ? fail(400, 'Name must be at most 120 characters', { details: { name: ['Name must be at most 120 characters'] } })
            : { status: 202, body: { success: true, data: { message: signupMessage } } },
      },
    ]);
    renderApp('/account/register');
    await userEvent.type(await screen.findByLabelText(/^Full name/), 'Meera Iyer');
    await userEvent.type(screen.getByLabelText(/^Email/), meera.email);
    await userEvent.type(screen.getByLabelText(/^Phone number/), '98450 12345');
    await userEvent.type(screen.getByLabelText(/^Password/), 'forest-walks');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // Assess
    const name = screen.getByLabelText(/^Full name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('register-name-error')?.textContent).toBe('Name must be at most 120 characters');
    expect(document.activeElement).toBe(name);
    expect(sent[0]).toMatchObject({
      path: '/api/auth?action=register',
      body: { name: 'Meera Iyer', email: meera.email, phone: '98450 12345', password: 'forest-walks' },
    });

    // Act: the server takes it now
    refused = false;
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // Assess: the same answer any address gets, focused, naming where it went; nobody is signed in
    const answer = await screen.findByRole('status');
    expect(answer.textContent).toBe(signupMessage);
    await waitFor(() => expect(document.activeElement).toBe(answer));
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByTestId('register-sent').textContent).toContain(`We sent it to ${meera.email}`);
    expect(location.current).toBe('/account/register');
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();

    // Act: a wrong address: back to the form, as typed
    await userEvent.click(screen.getByRole('button', { name: 'Wrong address? Change it or send again' }));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(meera.email);
  });
});

describe('activating an account (/account/activate)', () => {
  it('activates with the link’s token once, signs in, and offers the next steps', async () => {
    const sent = stubFetch([
      { method: 'POST', path: /^\/api\/auth\/activate$/, answer: signedInAnswer },
      { method: 'GET', path: /^\/api\/bookings\/my-bookings$/, answer: () => ok([]) },
    ]);
    renderApp('/account/activate?token=signup-id.mac');
    const done = await screen.findByText('Your account is active, Meera Iyer. You are signed in.');
    await waitFor(() => expect(document.activeElement).toBe(done.closest('[role="status"]')));
    expect(sent.filter((request) => request.path === '/api/auth/activate')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 'signup-id.mac' } }),
    ]);
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBe('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig');
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Signed in as Meera');
    await userEvent.click(screen.getByRole('link', { name: 'Go to my bookings' }));
    await screen.findByText(/No bookings yet/);
    expect(location.current).toBe('/account');
  });

  it('says so when the link has expired or was used, with the way to a new one, and signs nobody in', async () => {
    const expired = 'This activation link has expired. Register again with the same e-mail address and we will send you a new one.';
    stubFetch([
      {
        method: 'POST',
        path: /^\/api\/auth\/activate$/,
        answer: () => ({ ...fail(410, expired), body: { success: false, error: expired, code: 'activation_expired' } }),
      },
    ]);
    renderApp('/account/activate?token=signup-id.mac');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(expired);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Get a new link' }));
    await screen.findByRole('heading', { name: 'Create an account' });
    expect(location.current).toBe('/account/register');
  });

  it('asks for the whole link when the token is missing, without calling the server', async () => {
    const sent = stubFetch([]);
    renderApp('/account/activate');
    expect((await screen.findByRole('alert')).textContent).toContain('This activation link is incomplete.');
    expect(sent).toEqual([]);
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
