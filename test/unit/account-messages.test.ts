import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIVATE_FIRST_MESSAGE, SIGNUP_MESSAGE } from '../../functions/lib/accounts.ts';
import { messages } from '../../web/src/i18n/source/en/account.ts';

/** The account API's plain answers must be in the account catalogue word for word, or a guest reading Hindi sees them in English. */
describe("the account catalogue and the API's answers (docs/product.md#languages)", () => {
  it('holds every plain answer of sign-up, sign-in and activation as the API writes it', () => {
    const catalogue = new Set<string>(messages);
    const activation = readFileSync(new URL('../../functions/lib/activate-account.ts', import.meta.url), 'utf8');
    const accounts = readFileSync(new URL('../../functions/lib/accounts.ts', import.meta.url), 'utf8');
    for (const message of [SIGNUP_MESSAGE, ACTIVATE_FIRST_MESSAGE]) expect(catalogue.has(message), message).toBe(true);
    for (const [source, message] of [
      [activation, 'This activation link has expired. Register again with the same e-mail address and we will send you a new one.'],
      [activation, 'This activation link is not valid or has already been used.'],
      [accounts, 'Invalid email or password'],
      [accounts, 'Too many failed sign-in attempts. Please try again in'],
      [accounts, 'Too many sign-ups from your network. Please try again in'],
    ] as const) {
      expect(source, message).toContain(message);
      expect(
        [...catalogue].some((id) => id.startsWith(message)),
        message,
      ).toBe(true);
    }
  });
});
