import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n';
import { fail, meera, renderApp, stubFetch } from './support/app-harness';

// The API's answer, word for word (test/unit/account-messages.test.ts holds the catalogue to functions/lib/accounts.ts).
const SIGNUP_MESSAGE = 'Check your e-mail: we have sent you a message about your new account. Open the link in it within 48 hours to activate your account.';

describe('the account pages in Hindi (docs/product.md#languages)', () => {
  beforeEach(async () => {
    localStorage.clear();
    await act(() => setLocale('hi'));
  });
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it("signs up in Hindi: the form's words, each rule where the guest acts, and the API's answer", async () => {
    const sent = stubFetch([
      { method: 'POST', path: /^\/api\/auth$/, answer: () => ({ status: 202, body: { success: true, data: { message: SIGNUP_MESSAGE } } }) },
    ]);
    renderApp('/account/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'खाता बनाएँ' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    expect(document.getElementById('register-name-error')?.textContent).toBe('नाम ज़रूरी है');
    expect(document.getElementById('register-email-error')?.textContent).toBe('ई-मेल ज़रूरी है');
    expect(document.getElementById('register-password-error')?.textContent).toBe('पासवर्ड ज़रूरी है');
    expect(screen.getByText('कम से कम 8 अक्षर')).toBeTruthy();
    expect(screen.getByText('(वैकल्पिक)')).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/^पूरा नाम/), 'Meera Iyer');
    await userEvent.type(screen.getByLabelText(/^ई-मेल/), meera.email);
    await userEvent.type(screen.getByLabelText(/^पासवर्ड/), 'forest-walks');
    await userEvent.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'अपना ई-मेल देखें' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('अपना खाता चालू करने के लिए 48 घंटे के भीतर');
    expect(screen.getByTestId('register-sent').textContent).toContain(`हमने इसे ${meera.email} पर भेजा है।`);
    // Its e-mail will be in Hindi too.
    expect(sent[0]?.body).toMatchObject({ email: meera.email, language: 'hi' });
  });

  it("shows a refused sign-in in Hindi, and a lockout's wait in Hindi minutes", async () => {
    let locked = false;
    stubFetch([
      {
        method: 'POST',
        path: /^\/api\/auth$/,
        answer: () =>
          locked
            ? fail(429, 'Too many failed sign-in attempts. Please try again in 15 minutes.', { headers: { 'retry-after': '900' } })
            : fail(401, 'Invalid email or password'),
      },
    ]);
    renderApp('/account/sign-in');
    await userEvent.type(await screen.findByLabelText(/^ई-मेल/), meera.email);
    await userEvent.type(screen.getByLabelText(/^पासवर्ड/), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'साइन इन' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ई-मेल या पासवर्ड गलत है');

    locked = true;
    await userEvent.click(screen.getByRole('button', { name: 'साइन इन' }));
    await screen.findByText(/15 मिनट बाद फिर कोशिश करें/);
    expect(screen.getByRole('alert').textContent).toMatch(/^साइन इन की बहुत सारी कोशिशें विफल हुईं। कृपया 15 मिनट बाद फिर कोशिश करें। \(आप 900 सेकंड में/);
  });
});
