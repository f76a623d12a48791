import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_KEY, localizeMessage, localizeQuoteLine, setLocale, translateKnown } from '@/i18n/i18n';
import { packageMessages, safariMessages } from '@shared/booking-rules';
import { notAvailableMessage, noLongerAvailableMessage, tooFewVillasMessage, stayMessages } from '@shared/stay';
import { JUST_TAKEN } from '@/features/booking/model/availability-question';
import { available, checkIn, checkedDraft, packagedDraft, renderWizard, saveSession, stubApi } from './support/wizard-harness';
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

  it("shows step 1's answer that the villa is taken in Hindi, the villa's name as staff wrote it", async () => {
    const taken = { ...available, available: false, message: notAvailableMessage('Hornbill Villa'), alternativeDates: [], suggestedVillas: [] };
    await act(() => setLocale('hi'));
    saveSession({ ...checkedDraft, availability: taken }, 1);
    renderWizard();
    expect((await screen.findByTestId('availability-status')).textContent).toBe('क्षमा करें, इन तारीखों के लिए Hornbill Villa उपलब्ध नहीं है।');
  });

  it("shows the quote's lines in Hindi, worded from what each line is; a line that does not say keeps its English", async () => {
    await act(() => setLocale('hi'));
    saveSession(checkedDraft, 1);
    renderWizard();
    const summary = await screen.findByRole('complementary', { name: 'आपका ठहराव' });
    await within(summary).findByText('Hornbill Villa: 2 रातें × ₹18,000');
    expect(within(summary).getByText('अतिरिक्त मेहमान: 1 × ₹18,000 का 30%')).toBeTruthy();
    expect(within(summary).getByText('सेवा शुल्क 2% (अधिकतम ₹500)')).toBeTruthy();
    expect(within(summary).queryByText(/nights|Extra guests|Service fee/)).toBeNull();
    // A booking stored before lines said what they are, or a kind this site does not know.
    expect(localizeQuoteLine({ label: 'Hornbill Villa: 2 nights × ₹18,000' })).toBe('Hornbill Villa: 2 nights × ₹18,000');

    await userEvent.selectOptions(language(), 'English');
    await within(summary).findByText('Hornbill Villa: 2 nights × ₹18,000');
    expect(within(summary).getByText('Service fee 2% (at most ₹500)')).toBeTruthy();
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

  it("shows step 2 in Hindi with its English fetched in its chunk: the packages for the guest's stay, and a package's rule", async () => {
    // Prepare: five guests, two nights, in Hindi
    await act(() => setLocale('hi'));
    saveSession({ ...checkedDraft, adults: 5 }, 2);
    // Act
    renderWizard('/?step=2');
    // Assess
    await screen.findByRole('heading', { name: 'अपना पैकेज चुनें' });
    expect(screen.getByRole('combobox', { name: 'क्रम' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सभी पैकेज' }).getAttribute('aria-pressed')).toBe('true');
    const honeymoon = (await screen.findAllByTestId('package-card')).find((card) => card.textContent?.includes('Honeymoon Escape'));
    expect(honeymoon?.textContent).toContain('3 दिन / 2 रातें');
    expect(honeymoon?.textContent).toContain('Honeymoon Escape में अधिकतम 2 मेहमान ठहर सकते हैं');
    // And back in English, the same card in English
    await act(() => setLocale('en'));
    expect(honeymoon?.textContent).toContain('3 Days / 2 Nights');
    expect(honeymoon?.textContent).toContain('Honeymoon Escape supports maximum 2 guests');
  });

  it("shows every rule message and answer with values, as the API and the site's own checks write it, in Hindi", async () => {
    const english = [
      stayMessages.capacity(6),
      notAvailableMessage('Hornbill Villa'),
      noLongerAvailableMessage('Hornbill Villa'),
      tooFewVillasMessage('Hornbill Villa', 1, 3, true),
      tooFewVillasMessage('Hornbill Villa', 2, 3, true),
      tooFewVillasMessage('Hornbill Villa', 1, 3, false),
      tooFewVillasMessage('Hornbill Villa', 2, 3, false),
      JUST_TAKEN,
      packageMessages.required,
      packageMessages.minGuests('Family Getaway', 2),
      packageMessages.maxGuests('Honeymoon Escape', 2),
      safariMessages.dateRequired,
      safariMessages.slotRequired,
      safariMessages.guestsRequired,
      safariMessages.dateInStay,
      safariMessages.maxGuests(6),
      safariMessages.bookingGuests(4),
      safariMessages.unknownSlot('06:00-09:00'),
      safariMessages.soldOut('Morning Jeep Safari', checkIn, '06:00-09:00'),
    ];
    // In English each is shown as it came.
    expect(english.map(localizeMessage)).toEqual(english);
    await act(() => setLocale('hi', { keep: false }));
    for (const message of english) {
      const hindi = localizeMessage(message);
      expect(hindi, message).toMatch(/[\u0900-\u097f]/);
      // The values it carries (a name, a number) are kept.
      for (const value of message.match(/\d+|Family Getaway|Honeymoon Escape|Morning Jeep Safari|Hornbill Villa/g) ?? [])
        expect(hindi, message).toContain(value);
    }
  });

  it("shows step 3 in Hindi: the package's included safaris, each safari's price and seats, and a missing choice where the guest acts", async () => {
    await act(() => setLocale('hi'));
    saveSession(packagedDraft, 3);
    renderWizard('/?step=3');
    await screen.findByRole('heading', { name: 'सफ़ारी जोड़ें' });
    expect(screen.getByTestId('included-safaris').textContent).toBe(
      'आपके Safari Adventure पैकेज में 3 सफ़ारी बिना अतिरिक्त शुल्क के शामिल हैं: आपकी जोड़ी गई 3 सबसे महँगी सफ़ारी मुफ़्त हैं।',
    );
    const [card] = await screen.findAllByTestId('safari-card');
    expect(card?.textContent).toContain('प्रति व्यक्ति');
    await userEvent.click(within(card as HTMLElement).getByRole('button', { name: 'सफ़ारी जोड़ें' }));
    expect(within(card as HTMLElement).getByText('कृपया तारीख चुनें')).toBeTruthy();
    // In English, the package's word is the one the spec gives
    await act(() => setLocale('en'));
    expect(screen.getByTestId('included-safaris').textContent).toBe(
      'Your Safari Adventure package includes 3 safaris at no extra charge: the 3 dearest you add are free.',
    );
  });

  it('shows step 4 in Hindi: the ways to pay, the guest form, and its problems where the guest acts and in the banner', async () => {
    await act(() => setLocale('hi'));
    saveSession(packagedDraft, 4);
    renderWizard('/?step=4');
    await screen.findByRole('heading', { name: 'जाँचें और पुष्टि करें' });
    expect(screen.getByRole('group', { name: 'आप भुगतान कैसे करना चाहेंगे?' })).toBeTruthy();
    expect(screen.getByTestId('pay-at-property-terms').textContent).toContain('हम आपका विला 24 घंटे के लिए रोकते हैं।');
    expect(screen.getByRole('region', { name: 'बुकिंग का सारांश' }).textContent).toContain('2 वयस्क · 1 कमरा');
    const pay = await screen.findByRole('button', { name: /^₹[\d,]+ चुकाएँ$/ });
    await userEvent.click(screen.getByLabelText(/मैं नियम और शर्तें स्वीकार करता\/करती हूँ/));
    await userEvent.type(screen.getByRole('textbox', { name: /^ई-मेल/ }), 'meera@example');
    await userEvent.click(pay);
    expect(screen.getByRole('alert').textContent).toBe('कृपया ये गलतियाँ ठीक करें: पहला नाम ज़रूरी है, उपनाम ज़रूरी है, कृपया सही ई-मेल पता लिखें, फ़ोन नंबर ज़रूरी है');
    expect(screen.getByText('कृपया सही ई-मेल पता लिखें', { selector: '.field__error' })).toBeTruthy();
    // Paying at the property: the button is one sentence in Hindi's order, the verb last (a phone shows it alone).
    await userEvent.click(screen.getByRole('radio', { name: /रिज़ॉर्ट पर/ }));
    const confirm = await screen.findByRole('button', { name: /^बुकिंग की पुष्टि करें · ₹[\d,]+$/ });
    expect([...confirm.querySelectorAll('.step-actions__more')].map((part) => part.textContent)).toEqual(['बुकिंग की', expect.stringMatching(/^· ₹/)]);
    // A field's length rule names the field in Hindi too.
    expect(localizeMessage('First name must be at most 60 characters')).toBe('पहला नाम में अधिकतम 60 अक्षर हो सकते हैं');
  });
});
