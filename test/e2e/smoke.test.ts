import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../functions/lib/accounts.ts';
import { accountWithToken } from '../support/accounts.ts';
import { launchChromium, playwrightDisabledFeatures } from '../support/browser.ts';
import { startTestStack, type TestStack } from '../support/local-stack.ts';

let stack: TestStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startTestStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});
beforeEach(async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});

/** A JWT-shaped token: the client guard reads only its expiry; the server checks everything. */
const tokenExpiringIn = (seconds: number) =>
  ['e30', Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds })).toString('base64url'), 'sig'].join('.');

describe('the test browser', () => {
  it("keeps Playwright's own disabled features and drops the address bar's popups, which no headless window shows", async () => {
    expect((await playwrightDisabledFeatures()).split(',').length).toBeGreaterThan(3);
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    expect(targetInfos.some((target) => target.type === 'page')).toBe(true);
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
    await session.detach();
  });
});

describe('guest site in Chromium', () => {
  it('loads / and shows the seeded villas from the API', async () => {
    await page.goto(stack.baseUrl);
    await expect.poll(() => page.getByTestId('stay-kind-card').count(), { timeout: 10_000 }).toBe(3);
    const titles = await page.getByTestId('stay-kind-card').locator('h3').allTextContents();
    expect(titles).toEqual(['Kingfisher Villa', 'Hornbill Villa', 'Glass Cottage']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Select your dates at the resort');
    expect(await page.getByText('Sign in to manage').count()).toBe(0);
    expect(await page.getByText('Step 1 of 4: Date & Accommodation Selection').count()).toBe(1);
    expect(await page.getByText('₹18,000').count()).toBe(1);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/guest-home.png', fullPage: true });
  });

  it('sends any unknown path to /', async () => {
    await page.goto(`${stack.baseUrl}/no/such/page`);
    await page.waitForURL(`${stack.baseUrl}/`);
  });
});

describe('admin guard in Chromium', () => {
  it('redirects /admin/dashboard to /admin/login without a token', async () => {
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    expect(await page.getByPlaceholder('Enter your email address').count()).toBe(1);
  });

  it('redirects /admin/cottages too, and treats an expired token as none', async () => {
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.evaluate((token) => localStorage.setItem('adminToken', token), tokenExpiringIn(-60));
    await page.goto(`${stack.baseUrl}/admin/cottages`);
    await page.waitForURL(`${stack.baseUrl}/admin/login`);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  it('lets a stored live token through to the dashboard, and Sign Out returns to the login', async () => {
    const asha = await accountWithToken('admin', 'Asha');
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.evaluate(
      ({ token, email }) => {
        localStorage.setItem('adminToken', token);
        localStorage.setItem('adminUser', JSON.stringify({ id: 'a', name: 'Asha', email, role: 'admin' }));
      },
      { token: asha.token, email: asha.email },
    );
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Asha' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${stack.baseUrl}/admin/login`);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  it('sends a token the server no longer honours (live-looking, but not its account) back to sign-in', async () => {
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.evaluate((token) => {
      localStorage.setItem('adminToken', token);
      localStorage.setItem('adminUser', JSON.stringify({ id: 'a', name: 'Asha', email: 'a@x.in', role: 'admin' }));
    }, tokenExpiringIn(3600));
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/admin/login`);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  it("shows the server's error when sign-in fails", async () => {
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByPlaceholder('Enter your email address').fill('admin@forest-resort.local');
    await page.getByPlaceholder('Enter your password').fill('whatever-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
  });

  it('signs the seeded admin in and lands on the dashboard', async () => {
    await ensureAdmin({ email: 'frontdesk@resort.in', password: 'frontdesk-password', name: 'Front Desk' });
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByPlaceholder('Enter your email address').fill('frontdesk@resort.in');
    await page.getByPlaceholder('Enter your password').fill('frontdesk-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Front Desk' }).waitFor();
  });
});
