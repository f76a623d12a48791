import { chromium, type Browser } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Features turned off on top of Playwright's own: new headless Chromium is the whole browser, and
 * each context's window preloads the address bar's WebUI popups in a renderer of their own, for an
 * address bar nobody sees (README.md#tests says what that cost).
 */
export const EXTRA_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

let playwrightDisabled: Promise<string> | undefined;

/**
 * The `--disable-features` value Playwright launches Chromium with, read off a browser it launched.
 * Chromium keeps only the last `--disable-features` switch, so ours must carry Playwright's list too
 * (which changes between releases), not replace it. Read once per process.
 */
export function playwrightDisabledFeatures(): Promise<string> {
  playwrightDisabled ??= (async () => {
    const probe = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--enable-automation'] });
    try {
      const session = await probe.newBrowserCDPSession();
      const { arguments: argv } = await session.send('Browser.getBrowserCommandLine');
      return argv.find((argument) => argument.startsWith('--disable-features='))?.slice('--disable-features='.length) ?? '';
    } finally {
      await probe.close();
    }
  })();
  return playwrightDisabled;
}

/** Debian's Chromium, headless, with the flags this closed network needs (no background fetches). */
export async function launchChromium(): Promise<Browser> {
  const theirs = await playwrightDisabledFeatures();
  return chromium.launch({
    executablePath,
    headless: true,
    ...(theirs ? { ignoreDefaultArgs: [`--disable-features=${theirs}`] } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...theirs.split(',').filter(Boolean), ...EXTRA_DISABLED_FEATURES].join(',')}`,
    ],
  });
}
