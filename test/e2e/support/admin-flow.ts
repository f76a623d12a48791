import type { Page } from 'playwright-core';
import { DEFAULT_ADMIN } from '../../../infra/local/environment.ts';
import { laptop } from './phone-session.ts';

/** Signs the local admin in to the portal at a laptop's size and waits for the Overview. */
export async function signInToPortal(page: Page, baseUrl: string): Promise<void> {
  await page.setViewportSize(laptop);
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email').fill(DEFAULT_ADMIN.email);
  await page.getByLabel('Password').fill(DEFAULT_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
}
