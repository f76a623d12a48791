import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HeaderEnd } from '@/components/header-end';

function renderHeader() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="*" element={<HeaderEnd />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const menu = () => screen.getByRole('button', { name: 'Menu' });
const isOpen = () => document.querySelector('.site-header__end')?.hasAttribute('data-menu-open');

describe("the guest header's Menu (a phone's header)", () => {
  it('holds the currency and the account links, and opens and closes with its button and Escape', async () => {
    renderHeader();
    const links = document.getElementById(menu().getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(links.contains(screen.getByRole('combobox', { name: 'Show prices also in' }))).toBe(true);
    expect(links.contains(screen.getByRole('link', { name: 'Find a booking' }))).toBe(true);
    expect(links.contains(screen.getByRole('link', { name: 'Sign in' }))).toBe(true);
    expect(menu().getAttribute('aria-expanded')).toBe('false');
    expect(isOpen()).toBe(false);

    await userEvent.click(menu());
    expect(menu().getAttribute('aria-expanded')).toBe('true');
    expect(isOpen()).toBe(true);
    fireEvent.keyDown(screen.getByRole('link', { name: 'Sign in' }), { key: 'Escape' });
    expect(isOpen()).toBe(false);
    await userEvent.click(menu());
    await userEvent.click(menu());
    expect(isOpen()).toBe(false);
  });

  it('closes when a link in it opens another page', async () => {
    renderHeader();
    await userEvent.click(menu());
    await userEvent.click(screen.getByRole('link', { name: 'Find a booking' }));
    expect(isOpen()).toBe(false);
    expect(menu().getAttribute('aria-expanded')).toBe('false');
  });
});
