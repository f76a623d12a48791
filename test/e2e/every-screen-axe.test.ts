import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { ensureAdmin } from '../../functions/lib/accounts.ts';
import { DEFAULT_ADMIN } from '../../infra/local/environment.ts';
import { accountWithToken } from '../support/accounts.ts';
import { signInToPortal } from './support/admin-flow.ts';
import type { TestStack } from '../support/local-stack.ts';
import { expectAccessible } from './support/guest-flow.ts';
import { usePhoneSession } from './support/phone-session.ts';

/**
 * axe on every guest and portal screen the other browser tests do not already check, at a phone's
 * size and a laptop's (expectAccessible): nothing serious or critical. The booking steps, the manage
 * page, payments, the calendar, channels, villa types and the portal's Overview, Cottages, Bookings,
 * Reports and Users are checked where those tests use them.
 */
let stack: TestStack;
let page: Page;
usePhoneSession((session) => ({ stack, page } = session));

beforeAll(async () => {
  await ensureAdmin({ ...DEFAULT_ADMIN });
});

/** Opens `path` and waits for `ready` (a heading or a button) before axe looks. */
async function visit(path: string, ready: (page: Page) => Promise<unknown>, where = path) {
  await page.goto(`${stack.baseUrl}${path}`);
  await ready(page);
  await expectAccessible(page, where);
}

/** Opens the form `button` shows (a panel of the tab, or a dialog) and lets axe look at it. */
async function openForm(button: string, shows: 'region' | 'form' | 'dialog', name: string) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await page.getByRole(shows, { name }).waitFor();
  await expectAccessible(page, `the form ${name}`);
}

describe('every screen, to axe', () => {
  it("the guest's own screens: find a booking, sign in, register, and signed in their bookings and profile", async () => {
    await visit('/booking', (on) => on.getByRole('button', { name: 'Find my booking' }).waitFor());
    await visit('/account/sign-in', (on) => on.getByLabel('Password').first().waitFor());
    await visit('/account/register', (on) => on.getByLabel('Password').first().waitFor());

    const guest = await accountWithToken('customer', 'Asha Rao');
    const user = { id: guest.userId, name: 'Asha Rao', email: guest.email, role: 'customer' };
    await page.addInitScript(
      ([token, stored]) => {
        localStorage.setItem('userToken', token);
        localStorage.setItem('user', stored);
      },
      [guest.token, JSON.stringify(user)] as const,
    );
    await visit('/account', (on) => on.getByRole('heading', { name: 'My bookings' }).waitFor());
    await visit('/account/profile', (on) => on.getByRole('heading', { name: 'Your profile' }).waitFor());
  });

  it("the portal's sign-in, every tab not checked elsewhere, their forms, an unknown tab and the audit log", async () => {
    await visit('/admin/login', (on) => on.getByRole('button', { name: 'Sign In' }).waitFor());
    await signInToPortal(page, stack.baseUrl);
    for (const [path, heading, add, shows] of [
      ['/admin/packages', 'Package Management', 'Add New Package', 'region'],
      ['/admin/safaris', 'Safari Management', 'Add New Safari', 'region'],
      ['/admin/pricing', 'Pricing Management', 'Add New Pricing', 'form'],
    ] as const) {
      await visit(path, (on) => on.getByRole('heading', { name: heading }).waitFor());
      await openForm(add, shows, add);
    }
    await visit('/admin/bookings', (on) => on.getByRole('button', { name: 'New phone booking' }).waitFor());
    await openForm('New phone booking', 'dialog', 'New phone booking');
    await visit('/admin/users', (on) => on.getByRole('heading', { name: 'User Management' }).waitFor());
    await openForm('Add New User', 'form', 'Add New User');
    await visit('/admin/foo', (on) => on.getByRole('heading', { name: 'Foo Management' }).waitFor(), 'an unknown tab');
    await visit('/admin/audit', (on) => on.getByRole('heading', { name: 'Audit log' }).waitFor());
  });
});
