import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '@/lib/admin-session';
import { fail, liveToken, location, ok, renderApp, stubFetch } from './support/app-harness';

/* The portal's sign-in messages and its unknown tabs (docs/product.md#admin-sign-in, #portal-shell). */

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const staff = { id: 'u-1', name: 'Mira', email: 'mira@resort.in', role: 'manager' };

async function signIn() {
  renderApp('/admin/login');
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'mira@resort.in' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'monsoon-forest' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the admin sign-in', () => {
  it("says 'Login response is invalid. Please try again.' for a reply without a token, or without an account", async () => {
    stubFetch([{ method: 'POST', path: /\/auth\/admin-login$/, answer: () => ok({ user: staff }) }]);
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Login response is invalid. Please try again.');

    vi.unstubAllGlobals();
    stubFetch([{ method: 'POST', path: /\/auth\/admin-login$/, answer: () => ok({ token: 'a.b.c' }) }]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Login response is invalid. Please try again.'));
    expect(localStorage.length).toBe(0);
  });

  it('says the server cannot be reached when no answer comes', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('The server cannot be reached. Check your connection and try again.');
  });

  it("shows the server's own message, and 'Login failed. Please check your credentials.' for a failure without one", async () => {
    stubFetch([{ method: 'POST', path: /\/auth\/admin-login$/, answer: () => fail(401, 'Invalid email or password') }]);
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');

    vi.unstubAllGlobals();
    stubFetch([{ method: 'POST', path: /\/auth\/admin-login$/, answer: () => ({ status: 502, body: {} }) }]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Login failed. Please check your credentials.'));
  });
});

describe('an unknown portal tab', () => {
  it("shows '{Tab} Management' and that it is under development, inside the portal", async () => {
    saveAdminSession(liveToken(), staff);
    stubFetch([
      {
        method: 'GET',
        path: /^\/config\.json$/,
        answer: () => ({ status: 200, body: { stage: 'prod', apiUrl: '/api', wsUrl: 'ws://localhost/ws', paymentMode: 'test' } }),
      },
      { method: 'GET', path: /\/notifications$/, answer: () => ok({ events: [], more: false }) },
    ]);
    renderApp('/admin/foo');
    expect((await screen.findByRole('heading', { name: 'Foo Management' })).tagName).toBe('H2');
    expect(screen.getByText('This section is under development. Please use the navigation to access specific management features.')).toBeTruthy();
    expect(location.current).toBe('/admin/foo');
    expect(screen.getByRole('link', { name: 'Overview' })).toBeTruthy();
  });
});
