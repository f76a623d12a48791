import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@shared/admin-users';
import UsersPage from '@/features/admin/users/users-page';
import { saveAdminSession } from '@/lib/admin-session';
import { readNotifications, resetNotifications } from '@/lib/notification-store';
import { fail, liveToken, ok, stubFetch, type StubRoute } from './support/app-harness';

const user = (overrides: Partial<AdminUser>): AdminUser => ({
  id: '7b0f4a52-3c1d-4e8f-9a6b-2d5c8e1f0a3b',
  name: 'Kavya Menon',
  email: 'kavya@example.in',
  phone: '9845012345',
  role: 'customer',
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const kavya = user({});
const ravi = user({
  id: '1c9e6f3a-2b4d-4c8e-8f1a-6d3b5e7c9a2f',
  name: 'Ravi Shankar',
  email: 'ravi@example.in',
  role: 'admin',
  status: 'suspended',
  department: 'Front desk',
});
const list = (items: AdminUser[]) => ok({ items, counts: { total: 12, active: 9, admins: 2, customers: 8 } });

function renderPage(routes: StubRoute[]) {
  const sent = stubFetch([...routes, { method: 'GET', path: /^\/api\/admin\/users$/, answer: () => list([kavya, ravi]) }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UsersPage />
    </QueryClientProvider>,
  );
  return sent;
}

beforeEach(() => {
  saveAdminSession(liveToken(), { id: 'admin-1', name: 'Resort Admin', email: 'admin@forest-resort.local', role: 'admin' });
  resetNotifications();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Users tab', () => {
  it('shows the four counts, the search and a row per user with its role, department and status', async () => {
    renderPage([]);
    expect(await screen.findByText('kavya@example.in')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeTruthy();
    for (const [label, value] of [
      ['Total Users', '12'],
      ['Active Users', '9'],
      ['Administrators', '2'],
      ['Customers', '8'],
    ] as const) {
      expect(screen.getByText(label).parentElement?.textContent).toContain(value);
    }
    expect(screen.getByPlaceholderText('Search by name, email, or phone...')).toBeTruthy();
    const row = screen.getByText('ravi@example.in').closest('tr') as HTMLElement;
    expect(within(row).getByText('Administrator')).toBeTruthy();
    expect(within(row).getByText('Front desk')).toBeTruthy();
    expect(within(row).getByText('suspended')).toBeTruthy();
    expect(within(row).getByText(/ID: 1c9e6f3a/)).toBeTruthy();
  });

  it("marks a guest's sign-up that was never activated as 'Not activated', which an admin may still activate", async () => {
    const waiting = user({ id: '5d2e8a41-9c3b-4f7e-8a1d-3b6c9e2f4a10', name: 'Asha Rao', email: 'asha@example.in', status: 'pending' });
    renderPage([{ method: 'GET', path: /^\/api\/admin\/users$/, answer: () => list([waiting]) }]);
    const row = (await screen.findByText('asha@example.in')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Not activated')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Activate asha@example.in' })).toBeTruthy();
  });

  it('requires name, email, phone and a password, with each message under its field, and keeps what was typed', async () => {
    const sent = renderPage([
      {
        method: 'POST',
        path: /^\/api\/admin\/users$/,
        answer: () => fail(409, 'An account with this email already exists', { details: { email: ['An account with this email already exists'] } }),
      },
    ]);
    const ui = userEvent.setup();
    await screen.findByText('kavya@example.in');
    await ui.click(screen.getByRole('button', { name: 'Add New User' }));
    const form = screen.getByRole('form', { name: 'Add New User' });
    expect(
      within(form)
        .getByLabelText(/^Email/)
        .getAttribute('type'),
    ).toBe('email');
    expect((within(form).getByLabelText('Role') as HTMLInputElement).value).toBe('customer');
    expect((within(form).getByLabelText('Status') as HTMLInputElement).value).toBe('active');
    expect(within(form).getByRole('option', { name: 'Administrator' })).toBeTruthy();

    await ui.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(within(form).getByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Email is required')).toBeTruthy();
    expect(within(form).getByText('Phone is required')).toBeTruthy();
    expect(within(form).getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/^Full name/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(form).queryByText(/Department/)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    await ui.type(within(form).getByLabelText(/^Full name/), 'Anita Desai');
    await ui.type(within(form).getByLabelText(/^Email/), 'anita@example');
    await ui.type(within(form).getByLabelText(/^Phone/), '12345');
    await ui.type(within(form).getByLabelText(/^Password/), 'long-enough-1');
    await ui.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(within(form).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(form).getByText('Please enter a valid 10-digit phone number')).toBeTruthy();

    await ui.type(within(form).getByLabelText(/^Email/), '.in');
    await ui.clear(within(form).getByLabelText(/^Phone/));
    await ui.type(within(form).getByLabelText(/^Phone/), '98450 12345');
    await ui.click(within(form).getByRole('button', { name: 'Create User' }));
    // The server's refusal: its message in the banner and under the e-mail; everything typed is still there.
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toContain('An account with this email already exists'));
    expect(
      within(form)
        .getByLabelText(/^Email/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect((within(form).getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Anita Desai');
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Anita Desai',
      email: 'anita@example.in',
      phone: '9845012345',
      role: 'customer',
      status: 'active',
      password: 'long-enough-1',
    });
  });

  it('offers Suspend for an active user and Activate otherwise, and puts the row back with the server’s message when refused', async () => {
    const sent = renderPage([
      { method: 'PUT', path: /^\/api\/admin\/users\/7b0f/, answer: () => fail(409, 'The last administrator cannot be removed or demoted.') },
      { method: 'PUT', path: /^\/api\/admin\/users\/1c9e/, answer: () => ok({ ...ravi, status: 'active' }) },
    ]);
    const ui = userEvent.setup();
    await screen.findByText('kavya@example.in');
    expect(screen.getByRole('button', { name: 'Suspend kavya@example.in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate kavya@example.in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Activate ravi@example.in' })).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Suspend kavya@example.in' }));
    await waitFor(() =>
      expect(readNotifications().notifications.some((note) => note.message.includes('The last administrator cannot be removed or demoted.'))).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Suspend kavya@example.in' })).toBeTruthy();
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ status: 'suspended' });

    await ui.click(screen.getByRole('button', { name: 'Activate ravi@example.in' }));
    expect(sent.filter((request) => request.method === 'PUT').at(-1)?.body).toEqual({ status: 'active' });
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const sent = renderPage([{ method: 'DELETE', path: /^\/api\/admin\/users\//, answer: () => ok({ deleted: true }) }]);
    const ui = userEvent.setup();
    await screen.findByText('kavya@example.in');
    await ui.click(screen.getByRole('button', { name: 'Delete kavya@example.in' }));
    expect(screen.getByText('Are you sure you want to delete this user?')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);

    await ui.click(screen.getByRole('button', { name: 'Delete kavya@example.in' }));
    await ui.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE' && request.path.includes(kavya.id))).toBe(true));
  });

  it('marks an account whose sign-in is locked out, and offers Unlock only there; unlocking reads the list again', async () => {
    let locked = true;
    const lockedKavya = () => (locked ? { ...kavya, sign_in_lock: { until: '2026-11-22T14:10:00.000Z', addresses: 2, slowed: false } } : kavya);
    const sent = renderPage([
      { method: 'GET', path: /^\/api\/admin\/users$/, answer: () => list([lockedKavya(), ravi]) },
      {
        method: 'POST',
        path: /^\/api\/admin\/users\/[^/]+\/unlock$/,
        answer: () => {
          locked = false;
          return ok({ user: kavya, cleared: 2 });
        },
      },
    ]);
    const row = (await screen.findByText('kavya@example.in')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sign-in locked')).toBeTruthy();
    expect(within(row).getByText('2 addresses locked out until 7:40 pm')).toBeTruthy();
    const raviRow = screen.getByText('ravi@example.in').closest('tr') as HTMLElement;
    expect(within(raviRow).queryByText('Sign-in locked')).toBeNull();
    expect(within(raviRow).queryByRole('button', { name: /Unlock sign-in/ })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Unlock sign-in of kavya@example.in' }));
    await waitFor(() => expect(screen.queryByText('Sign-in locked')).toBeNull());
    expect(sent.some((request) => request.method === 'POST' && request.path.endsWith('/unlock'))).toBe(true);
    expect(readNotifications().notifications.some((note) => note.title === 'Sign-in unlocked')).toBe(true);
  });
});
