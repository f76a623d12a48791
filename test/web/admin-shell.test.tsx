import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY } from '@/lib/admin-session';
import { liveToken, ok, stubFetch } from './support/app-harness';

/** The portal's frame for a signed-in `role` on a stage whose /config.json says `stage`. */
async function renderShell(role: string, stage: string) {
  // /config.json is read once per page load: a fresh module graph is a fresh page.
  vi.resetModules();
  const { default: AdminLayout } = await import('@/features/admin/layout/admin-layout');
  localStorage.setItem(ADMIN_TOKEN_KEY, liveToken());
  localStorage.setItem(ADMIN_USER_KEY, JSON.stringify({ id: 'u-1', name: 'Mira', email: 'mira@resort.in', role }));
  stubFetch([
    {
      method: 'GET',
      path: /^\/config\.json$/,
      answer: () => ({ status: 200, body: { stage, apiUrl: '/api', wsUrl: 'ws://localhost/ws', paymentMode: 'test' } }),
    },
    { method: 'GET', path: /^\/api\/notifications$/, answer: () => ok({ events: [], more: false }) },
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/dashboard']}>
        <Routes>
          <Route path="/admin" element={<AdminLayout />}>
            <Route path="dashboard" element={<p>Overview page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => localStorage.clear());

describe('the portal shell', () => {
  it('shows the debug panel on the local and dev stages, never on prod', async () => {
    const dev = await renderShell('admin', 'dev');
    expect(await screen.findByText('Debug panel')).toBeTruthy();
    dev.unmount();
    await renderShell('admin', 'prod');
    await screen.findByText('Overview page');
    // The stage is known once /config.json answered: give it the time it took above.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('Debug panel')).toBeNull();
  });

  it('shows each role the tabs its group may open: staff see Overview, Bookings and Calendar; managers all but Users; admins all eleven', async () => {
    const tabs = () =>
      screen
        .getAllByRole('link')
        .map((link) => link.textContent)
        .filter((text) => text !== 'Audit log');
    const staff = await renderShell('staff', 'prod');
    expect(tabs()).toEqual(['Overview', 'Bookings', 'Calendar']);
    expect(screen.getByText('Staff')).toBeTruthy();
    staff.unmount();
    const manager = await renderShell('manager', 'prod');
    expect(tabs()).toEqual(['Overview', 'Bookings', 'Calendar', 'Villa Types', 'Cottages', 'Channels', 'Packages', 'Safaris', 'Pricing', 'Reports']);
    manager.unmount();
    await renderShell('admin', 'prod');
    expect(tabs()).toEqual(['Overview', 'Bookings', 'Calendar', 'Villa Types', 'Cottages', 'Channels', 'Packages', 'Safaris', 'Pricing', 'Reports', 'Users']);
    expect(screen.getByText('Administrator')).toBeTruthy();
  });
});
