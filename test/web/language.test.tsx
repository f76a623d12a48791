import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_KEY, setLocale, translateKnown } from '@/i18n/i18n';
import { checkIn, renderWizard, saveSession, stubApi } from './support/wizard-harness';
import { defaultDraft } from '@/features/booking/model/draft';

const language = () => screen.getByRole('combobox', { name: /Language|भाषा/ });

describe('the guest site in English and Hindi (docs/product.md#languages)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    stubApi();
  });
  afterEach(async () => {
    await act(() => setLocale('en'));
    vi.unstubAllGlobals();
  });

  it('switches the frame and step 1 to Hindi from the header, keeps the choice and sets <html lang>', async () => {
    renderWizard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Select your dates at the resort' })).toBeTruthy();
    expect(language()).toHaveProperty('value', 'en');

    await userEvent.selectOptions(language(), 'हिन्दी');

    expect(await screen.findByRole('heading', { level: 1, name: 'रिज़ॉर्ट में अपनी तारीखें चुनें' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'अपना विला चुनें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'उपलब्धता जाँचें' })).toBeTruthy();
    expect(screen.getByText(/चेक-इन .* · चेक-आउट .* · चेक-इन से 48 घंटे पहले तक मुफ़्त रद्दीकरण/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('hi');

    await userEvent.selectOptions(language(), 'English');
    expect(await screen.findByRole('heading', { level: 1, name: 'Select your dates at the resort' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-IN');
  });

  it("shows the stay's rules in Hindi where the guest acts, and Hindi plurals and dates in the summary", async () => {
    await act(() => setLocale('hi'));
    renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: 'उपलब्धता जाँचें' }));
    const problems = await screen.findByRole('list', { name: 'ये बातें ठीक करें' });
    expect(within(problems).getByText('कृपया एक विला चुनें')).toBeTruthy();
    expect(within(problems).getByText('चेक-इन की तारीख ज़रूरी है')).toBeTruthy();
    expect(screen.getByText('उपलब्धता जाँचने से पहले कृपया नीचे दी गई गलतियाँ ठीक करें')).toBeTruthy();
  });

  it('writes days in the Indian format of the language: 10 Dec in English, दिस॰ in Hindi', async () => {
    saveSession({ ...defaultDraft, cottage: 'hornbill-villa', checkIn, checkOut: checkIn, adults: 2, rooms: 2 }, 1);
    renderWizard();
    const summary = await screen.findByRole('complementary', { name: 'Your stay' });
    const day = new Intl.DateTimeFormat('en-IN', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${checkIn}T00:00:00Z`),
    );
    expect(within(summary).getByText(`${day} – ${day}`)).toBeTruthy();
    expect(within(summary).getByText('2 guests · 2 rooms')).toBeTruthy();

    await act(() => setLocale('hi'));
    const hindi = await screen.findByRole('complementary', { name: 'आपका ठहराव' });
    const hindiDay = new Intl.DateTimeFormat('hi-IN', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${checkIn}T00:00:00Z`),
    );
    expect(within(hindi).getByText(`${hindiDay} – ${hindiDay}`)).toBeTruthy();
    expect(within(hindi).getByText('2 मेहमान · 2 कमरे')).toBeTruthy();
  });

  it('of two quick choices, the last one wins', async () => {
    const first = setLocale('hi');
    const second = setLocale('en');
    await Promise.all([first, second]);
    renderWizard();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Select your dates at the resort' })).toBeTruthy());
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
  });

  it("shows an API's English in Hindi when the catalogue has it, and a text it does not know as it came", async () => {
    const unknown = 'A newer server says {this}';
    expect(translateKnown(unknown)).toBe(unknown);
    await act(() => setLocale('hi', { keep: false }));
    try {
      expect(translateKnown('Minimum stay is 1 night')).toMatch(/[\u0900-\u097f]/);
      expect(translateKnown(unknown)).toBe(unknown);
    } finally {
      await act(() => setLocale('en', { keep: false }));
    }
  });
});
