import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestStack } from '../support/local-stack.ts';
import { expectAccessible } from './support/guest-flow.ts';
import { laptop, phone, usePhoneSession } from './support/phone-session.ts';

/**
 * The first screen before the JavaScript (issue 19): index.html carries the wizard's first screen
 * rendered at build time, which paints with scripts off, and the app renders in its place in one
 * step, without an error and without moving anything; every other address gets the bare shell.
 */
let stack: TestStack;
let browser: Browser;
usePhoneSession((session) => ({ stack, browser } = session));

/** Errors the page logs or throws, and its layout shifts. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return errors;
}

/** Serves `/` to this page as the server sends it, changed by `edit` (decompressed, so its length is the new one). */
async function serveEditedPage(page: Page, edit: (html: string) => string) {
  await page.route(`${stack.baseUrl}/`, async (route) => {
    const response = await route.fetch();
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'));
    await route.fulfill({ status: response.status(), body: edit(await response.text()), headers });
  });
}

/** Holds back the app's code (the entry chunk) until the returned release is called: until then only the early script runs. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

describe('the first screen', () => {
  it('is in the HTML of / (title, step bar, form and villa placeholders), and only of /', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`)).text();
    expect(html).toContain('<h1>Select your dates at the resort</h1>');
    expect(html).toContain('Step 1 of 4: Date &amp; Accommodation Selection');
    expect(html).toContain('aria-label="Loading villas"');
    expect(html.match(/class="skeleton villa-skeleton"/g)).toHaveLength(3);
    expect(html).toContain('Check Availability');
    expect(html).toContain('<link rel="preload" href="/api/cottages" as="fetch" crossorigin="anonymous" />');
    // The early script comes before the app's, so it has always run when the app looks for its answer.
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/assets\/early-catalogue-[\w-]+\.js"><\/script>\s*<script type="module" crossorigin src="\/assets\/index-/,
    );
    for (const path of ['/admin/login', '/booking', '/account/sign-in', '/no/such/page']) {
      const bare = await (await fetch(`${stack.baseUrl}${path}`)).text();
      expect(bare, path).toContain('<div id="root"></div>');
      expect(bare, path).not.toContain('Select your dates');
    }
  });

  it('paints with scripts off, on a phone and a laptop, placeholders the size of the cards', async () => {
    for (const viewport of [phone, laptop]) {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(stack.baseUrl);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Select your dates at the resort' }).isVisible()).toBe(true);
      expect(await page.getByText('Step 1 of 4: Date & Accommodation Selection').isVisible()).toBe(true);
      expect(await page.locator('.villa-skeleton').first().isVisible()).toBe(true);
      const placeholder = await page.locator('.villa-skeleton').first().boundingBox();
      await page.screenshot({ path: `test-results/first-screen-no-js-${viewport.width}.png` });
      await context.close();
      // The placeholders hold the cards' place: within a tenth of a sample card's height.
      const live = await browser.newContext({ viewport });
      const card = (await live.newPage()).getByTestId('stay-kind-card').first();
      await card.page().goto(stack.baseUrl);
      const height = (await card.boundingBox())?.height ?? 0;
      expect(Math.abs((placeholder?.height ?? 0) - height) / height, `${viewport.width} px wide`).toBeLessThan(0.1);
      await live.close();
    }
  });

  it('is replaced by the app at once, never blank and never twice, without an error or a layout shift', async () => {
    const context = await browser.newContext({ viewport: phone, hasTouch: true });
    const page = await context.newPage();
    const errors = await watch(page);
    // How many screens #root holds after each change the page makes (a change is seen as it is painted, whole).
    await page.addInitScript(() => {
      const screens: number[] = [];
      (window as unknown as { __screens: number[] }).__screens = screens;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root) screens.push(root.querySelectorAll('.site').length);
      }).observe(document, { subtree: true, childList: true });
    });
    const villaAsks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/cottages') villaAsks.push(request.url());
    });
    await page.goto(stack.baseUrl);
    await expect.poll(() => page.getByTestId('stay-kind-card').count(), { timeout: 10_000 }).toBe(3);
    // The villas were asked for once, from the HTML.
    expect(villaAsks).toHaveLength(1);
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
    const screens = await page.evaluate(() => (window as unknown as { __screens: number[] }).__screens);
    expect(screens.length).toBeGreaterThan(0);
    expect(screens.filter((count) => count !== 1)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.05);
    await expectAccessible(page, 'first screen, replaced by the app');
    await context.close();
  });

  it("shows the first villa's photo in its placeholder before the app's code has arrived, where and as large as the card's", async () => {
    const context = await browser.newContext({ viewport: phone, hasTouch: true });
    const page = await context.newPage();
    const errors = await watch(page);
    // The app's code is held back until the photo has been checked: only the early script has run.
    const releaseApp = await holdAppCode(page);
    await page.goto(stack.baseUrl, { waitUntil: 'commit' });
    const slot = page.locator('.villa-skeleton img[data-early-photo]');
    await expect.poll(() => slot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('stay-kind-card').count()).toBe(0);
    const photo = await slot.getAttribute('src');
    const slotBox = await slot.boundingBox();
    expect(await slot.getAttribute('fetchpriority')).toBe('high');
    releaseApp();
    await expect.poll(() => page.getByTestId('stay-kind-card').count(), { timeout: 10_000 }).toBe(3);
    const cardImage = page.getByTestId('stay-kind-card').first().locator('img');
    expect(await cardImage.getAttribute('src')).toBe(photo);
    // The same place and size, so the card's photo is not a new, later largest paint, and nothing moves.
    expect(await cardImage.boundingBox()).toEqual(slotBox);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('animates its placeholders on the compositor while the code loads, and keeps hover colours to pointers that hover', async () => {
    const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const releaseApp = await holdAppCode(page);
    await page.goto(stack.baseUrl, { waitUntil: 'commit' });
    await page.locator('.villa-skeleton').first().waitFor();
    // What each running animation changes: a transform only, which needs no layout or paint of the page per frame.
    const animated = await page.evaluate(() =>
      document
        .getAnimations()
        .flatMap((animation) => (animation.effect instanceof KeyframeEffect ? animation.effect.getKeyframes() : []))
        .flatMap((frame) => Object.keys(frame).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key))),
    );
    expect(animated.length).toBeGreaterThan(0);
    expect([...new Set(animated)]).toEqual(['transform']);
    releaseApp();
    await expect.poll(() => page.getByTestId('stay-kind-card').count(), { timeout: 10_000 }).toBe(3);

    // A phone has no hover: a tapped button does not keep the hover colour. A laptop's mouse shows it.
    const hoverChanges = async (target: Page) => {
      const button = target.getByRole('button', { name: 'Check Availability' });
      const before = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
      await button.hover();
      await target.waitForTimeout(300);
      return (await button.evaluate((element) => getComputedStyle(element).backgroundColor)) !== before;
    };
    expect(await hoverChanges(page)).toBe(false);
    // Every hover style of the guest site's stylesheets is kept to pointers that hover.
    const ungated = await page.evaluate(() => {
      const found: string[] = [];
      const visit = (rules: CSSRuleList, hovering: boolean) => {
        for (const rule of rules) {
          if (rule instanceof CSSMediaRule)
            visit(rule.cssRules, hovering || rule.conditionText.includes('hover: hover') || rule.conditionText.includes('hover:hover'));
          else if (rule instanceof CSSStyleRule && rule.selectorText.includes(':hover') && !hovering) found.push(rule.selectorText);
        }
      };
      for (const sheet of document.styleSheets) visit(sheet.cssRules, false);
      return found;
    });
    expect(ungated).toEqual([]);
    const desk = await browser.newContext({ viewport: laptop });
    const deskPage = await desk.newPage();
    await deskPage.goto(stack.baseUrl);
    await expect.poll(() => deskPage.getByTestId('stay-kind-card').count(), { timeout: 10_000 }).toBe(3);
    expect(await hoverChanges(deskPage)).toBe(true);
    await desk.close();
    await context.close();
  });

  it("preloads the first villa's photo when the page has no placeholder for it", async () => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await serveEditedPage(page, (html) => html.replace(' data-early-photo=""', ''));
    // The app's code is held back until the early script has answered: rendered first, the app's
    // placeholder would give the script a slot again (under load the villas can come after it).
    const releaseApp = await holdAppCode(page);
    await page.goto(stack.baseUrl, { waitUntil: 'commit' });
    await page.locator('link[rel="preload"][as="image"]').waitFor({ state: 'attached', timeout: 10_000 });
    releaseApp();
    await expect.poll(() => page.getByTestId('stay-kind-card').count(), { timeout: 10_000 }).toBe(3);
    const firstPhoto = await page.getByTestId('stay-kind-card').first().locator('img').getAttribute('src');
    expect(await page.evaluate(() => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.getAttribute('href'))).toBe(firstPhoto);
    await context.close();
  });

  it('starts afresh where the page is not a new guest’s: a saved step in the address, or a deep link', async () => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    const errors = await watch(page);
    await page.goto(`${stack.baseUrl}/?step=2`);
    await expect.poll(() => page.getByTestId('stay-kind-card').count(), { timeout: 10_000 }).toBe(3);
    await page.goto(`${stack.baseUrl}/admin/login`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Admin Portal');
    expect(errors).toEqual([]);
    await context.close();
  });
});
