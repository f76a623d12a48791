import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../functions/lib/accounts.ts';
import { DEFAULT_ADMIN } from '../../infra/local/environment.ts';
import { accountWithToken } from '../support/accounts.ts';
import type { TestStack } from '../support/local-stack.ts';
import { signInToPortal } from './support/admin-flow.ts';
import { expectAccessible } from './support/guest-flow.ts';
import { phone, usePhoneSession } from './support/phone-session.ts';

/**
 * Villa type photos (issue 17) in Chromium through the real local server: a manager adds a villa
 * type with a 2,400 px photo from the Villa Types tab; the browser shrinks it to a 1,600 px WebP
 * with 800 and 400 px copies and uploads each to the data folder; once the type has a unit, the
 * guest's card shows it through srcset, and the phone loads a small copy.
 */
const SHOTS = 'test-results';
const mediaRoot = mkdtempSync(join(tmpdir(), 'resort-e2e-media-'));

let stack: TestStack;
let page: Page;
usePhoneSession((session) => ({ stack, page } = session), { shots: SHOTS, stack: { mediaDir: join(mediaRoot, 'media') } });
beforeAll(() => ensureAdmin({ ...DEFAULT_ADMIN }));
afterAll(() => rmSync(mediaRoot, { recursive: true, force: true }));

/** A 2,400 × 1,600 PNG photo drawn by the browser itself (a gradient with a sun), as a camera file would come. */
async function cameraPhoto(): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1600;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const sky = context.createLinearGradient(0, 0, 0, 1600);
    sky.addColorStop(0, '#2f6f4f');
    sky.addColorStop(1, '#c9e4c5');
    context.fillStyle = sky;
    context.fillRect(0, 0, 2400, 1600);
    context.fillStyle = '#f4c542';
    context.beginPath();
    context.arc(1700, 500, 260, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

describe('villa type photos', () => {
  it('a manager adds a type with a photo; it is shrunk, uploaded in three sizes, and guests see it through srcset', async () => {
    await signInToPortal(page, stack.baseUrl);
    await page.getByRole('link', { name: 'Villa Types' }).click();
    await page.getByRole('button', { name: 'Add New Villa Type' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Canopy Loft');
    await page.getByLabel('Price per night (₹)').fill('14000');
    await page.getByLabel('Capacity (guests)').fill('2');
    await page.getByLabel('Description').fill('A loft among the branches of an old fig.');

    await page.getByLabel('Photos').setInputFiles({ name: 'canopy.png', mimeType: 'image/png', buffer: await cameraPhoto() });
    await page.getByRole('status').filter({ hasText: '1 photo added. Save the villa type to keep it.' }).waitFor();
    const thumbnail = page.getByRole('img', { name: 'Photo 1' });
    const srcset = (await thumbnail.getAttribute('srcset')) ?? '';
    expect(srcset).toMatch(/^\/media\/[0-9a-f-]{36}-400w\.webp 400w, \/media\/[0-9a-f-]{36}-800w\.webp 800w, \/media\/[0-9a-f-]{36}-1600w\.webp 1600w$/);
    await expectAccessible(page, 'villa type form with a photo');
    await page.screenshot({ path: `${SHOTS}/admin-villa-type-photo-1366.png`, fullPage: true });
    await page.setViewportSize(phone);
    await page.screenshot({ path: `${SHOTS}/admin-villa-type-photo-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // What was stored is what the browser made: a 1,600 px WebP, and its smaller copies.
    const largest = (await thumbnail.getAttribute('src')) ?? '';
    const stored = await page.evaluate(
      async (paths) => {
        return Promise.all(
          paths.map(async (path) => {
            const blob = await (await fetch(path)).blob();
            const bitmap = await createImageBitmap(blob);
            return { type: blob.type, width: bitmap.width, height: bitmap.height, bytes: blob.size };
          }),
        );
      },
      [largest, largest.replace('-1600w', '-800w'), largest.replace('-1600w', '-400w')],
    );
    expect(stored.map(({ type, width, height }) => ({ type, width, height }))).toEqual([
      { type: 'image/webp', width: 1600, height: 1067 },
      { type: 'image/webp', width: 800, height: 533 },
      { type: 'image/webp', width: 400, height: 267 },
    ]);
    expect(stored[0]?.bytes).toBeLessThan(300_000);

    await page.getByRole('button', { name: 'Create Villa Type' }).click();
    await page.getByRole('button', { name: 'Create Villa Type' }).waitFor({ state: 'detached' });

    // A unit of it puts it on sale; the guest's card shows the photo, a small copy on a phone.
    const manager = await accountWithToken('manager');
    const unit = await fetch(`${stack.baseUrl}/api/cottages/admin/create`, {
      method: 'POST',
      headers: { authorization: manager.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Canopy Loft 1',
        type: 'canopy-loft',
        description: 'The first loft.',
        price_per_night: 14000,
        capacity: 2,
        status: 'active',
      }),
    });
    expect(unit.status).toBe(201);
    await page.goto(stack.baseUrl);
    const card = page.getByTestId('stay-kind-card').filter({ hasText: 'Canopy Loft' });
    const image = card.locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    expect(await image.getAttribute('srcset')).toBe(srcset);
    expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/-400w\.webp$/);
    await card.screenshot({ path: `${SHOTS}/guest-card-photo-390.png` });
  });
});
