import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchChromium } from '../../support/browser.ts';
import { startTestStack, type StackOptions, type TestStack } from '../../support/local-stack.ts';

export const phone = { width: 390, height: 844 };
export const laptop = { width: 1366, height: 900 };

export type PhoneSession = { stack: TestStack; browser: Browser; context: BrowserContext; page: Page };

/**
 * The hooks a guest e2e file needs: this file's stack and Chromium, and a fresh touch-enabled,
 * phone-sized context and page for each test. `use` is handed the session each time part of it is
 * (re)made, so a file keeps its own `stack` and `page` variables. `shots` is made for screenshots.
 */
export function usePhoneSession(use: (session: PhoneSession) => void, options: { shots?: string; stack?: StackOptions } = {}): void {
  const session = {} as PhoneSession;
  beforeAll(async () => {
    session.stack = await startTestStack(options.stack);
    session.browser = await launchChromium();
    if (options.shots) mkdirSync(options.shots, { recursive: true });
    use(session);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.stack?.close();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext({ viewport: phone, hasTouch: true });
    session.page = await session.context.newPage();
    use(session);
  });
  afterEach(() => session.context?.close());
}
