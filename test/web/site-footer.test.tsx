import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setResortContact } from '@/lib/use-resort-contact';
import { DEFAULT_RESORT_CONTACT } from '@shared/resort-contact';
import { ok, renderApp, stubFetch } from './support/app-harness';

/* Every guest page's footer says how to reach the resort: the stage's contact from /config.json (docs/product.md#site-shell). */

afterEach(() => {
  vi.unstubAllGlobals();
  setResortContact(DEFAULT_RESORT_CONTACT);
});

const config = {
  stage: 'prod',
  apiUrl: '/api',
  wsUrl: 'ws://localhost/ws',
  paymentMode: 'test',
  contact: { phone: '+91 94470 12345', email: 'frontdesk@wayanad-lodge.in' },
};

describe('the guest footer', () => {
  it("shows the stage's phone and e-mail as tel: and mailto: links, on the booking page and the other guest pages", async () => {
    stubFetch([
      { method: 'GET', path: /^\/config\.json$/, answer: () => ({ status: 200, body: config }) },
      { method: 'GET', path: /\/cottages$/, answer: () => ok([]) },
    ]);
    const booking = renderApp('/');
    // What main.tsx does with /config.json once it has read it.
    setResortContact(config.contact);
    const footer = within(await screen.findByRole('contentinfo'));
    const phone = await footer.findByRole('link', { name: '+91 94470 12345' });
    expect(phone.getAttribute('href')).toBe('tel:+919447012345');
    expect(footer.getByRole('link', { name: 'frontdesk@wayanad-lodge.in' }).getAttribute('href')).toBe('mailto:frontdesk@wayanad-lodge.in');
    booking.unmount();

    renderApp('/account/sign-in');
    const signIn = within(await screen.findByRole('contentinfo'));
    expect((await signIn.findByRole('link', { name: '+91 94470 12345' })).getAttribute('href')).toBe('tel:+919447012345');
  });
});
