import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentMessages } from '@shared/payments';
import { ConfirmByNotice } from '@/features/booking/components/confirm-by-notice';
import { setLocale } from '@/i18n/i18n';
import { formatLocalDeadline } from '@/lib/format';
import { stubApi } from './support/wizard-harness';
import { openStep4, paymentRoutes, readyDraft, record, reference, refusal } from './support/payment-harness';

describe('paying in Hindi (docs/product.md#languages)', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it("shows the API's English refusal in Hindi, with the way out in Hindi", async () => {
    // Prepare
    stubApi([{ method: 'POST', path: /^\/api\/payments\/create-order$/, answer: () => refusal(409, paymentMessages.holdExpired) }, ...paymentRoutes()]);
    await act(() => setLocale('hi'));
    await openStep4(readyDraft());
    // Act: book; the order is refused, its hold over
    await userEvent.click(screen.getByRole('button', { name: '₹49,352 चुकाएँ' }));
    // Assess
    const lost = await screen.findByRole('dialog', { name: 'भुगतान विफल' });
    expect(lost.textContent).toContain('इस बुकिंग के भुगतान का समय खत्म हो गया और उसका विला छोड़ दिया गया। कृपया फिर से बुक करें।');
    expect(within(lost).getByRole('link', { name: 'सहायता को कॉल करें' })).toBeTruthy();
    await userEvent.click(within(lost).getByRole('button', { name: 'फिर से बुक करें' }));
    expect(screen.queryByTestId('awaiting-payment')).toBeNull();
  });

  it('shows the held booking, the test checkout and the confirmation in Hindi, each element inside its sentence', async () => {
    // Prepare
    const requests = stubApi(paymentRoutes());
    await act(() => setLocale('hi'));
    await openStep4(readyDraft());
    await userEvent.click(screen.getByRole('button', { name: '₹49,352 चुकाएँ' }));
    // Assess: the checkout, its test flag in bold inside the sentence
    const checkout = await screen.findByRole('dialog', { name: 'सुरक्षित भुगतान' });
    expect(within(checkout).getByText('टेस्ट मोड — असली पैसे नहीं।', { selector: 'strong' })).toBeTruthy();
    expect(checkout.textContent).toContain(`बुकिंग ${reference}`);
    expect(within(checkout).getByRole('button', { name: 'भुगतान विफल करें (टेस्ट)' })).toBeTruthy();
    // Act: close it; the booking waits, its sentences in Hindi with the amount in bold and the release as a button
    await userEvent.click(within(checkout).getByRole('button', { name: 'बंद करें' }));
    const waiting = screen.getByTestId('awaiting-payment');
    expect(within(waiting).getByRole('heading').textContent).toBe(`बुकिंग ${reference} भुगतान की प्रतीक्षा में है`);
    expect(waiting.textContent).toContain('पुष्टि के लिए ₹49,352 चुकाएँ। अभी तक कोई पैसा नहीं कटा है।');
    expect(within(waiting).getByText('₹49,352', { selector: 'strong' })).toBeTruthy();
    expect(waiting.textContent).toContain('नीचे की जानकारी इसी बुकिंग में है। उसे बदलने के लिए इसे छोड़ें और फिर से बुक करें।');
    expect(within(waiting).getByRole('button', { name: 'इसे छोड़ें' })).toBeTruthy();
    // Act: pay
    await userEvent.click(screen.getByRole('button', { name: '₹49,352 चुकाएँ' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'सुरक्षित भुगतान' })).getByRole('button', { name: '₹49,352 चुकाएँ (टेस्ट)' }));
    // Assess: the confirmation in Hindi, its link inside its sentence
    const success = await screen.findByRole('dialog', { name: 'बुकिंग का भुगतान हुआ और पक्की हुई' });
    expect(within(success).getByRole('button', { name: `बुकिंग संदर्भ ${reference} कॉपी करें` })).toBeTruthy();
    expect(success.textContent).toContain('इस जानकारी वाली पुष्टि meera@example.in पर भेजी जा रही है।');
    const manage = within(success).getByRole('link', { name: 'इस बुकिंग को संभालें' });
    expect(manage.parentElement?.textContent).toBe('कभी भी इस बुकिंग को संभालें: उसे देखें, या रद्द करें।');
    expect(within(success).getByRole('link', { name: 'कैलेंडर में जोड़ें' }).getAttribute('href')).toContain(encodeURIComponent(`बुकिंग ${reference}।`));
    // The booking was made in Hindi, so its e-mail is Hindi, and so is the preview of it.
    const booked = requests.find((request) => request.method === 'POST' && request.path === '/api/bookings');
    expect((booked?.body as { language?: string }).language).toBe('hi');
    await userEvent.click(within(success).getByText('ई-मेल की झलक देखें'));
    const preview = within(success).getByTestId('email-preview');
    expect(preview.textContent).toContain(`विषय: Forest Resort में आपका ठहराव: बुकिंग ${reference}`);
    expect(preview.textContent).toContain('प्रिय Mr Meera Iyer, Forest Resort में बुकिंग के लिए धन्यवाद। आपका ठहराव पक्का हो गया है।');
    expect(preview.textContent).not.toMatch(/Subject|Dear|Check-in/);
  });

  it('asks to confirm a pay-at-property booking from the e-mail in Hindi, the deadline in the Indian format of the language', async () => {
    await act(() => setLocale('hi'));
    const deadline = '2026-11-23T09:15:00.000Z';
    render(<ConfirmByNotice booking={record({ payment_method: 'offline', hold_expires_at: deadline })} />);
    const notice = screen.getByTestId('confirm-by');
    expect(notice.textContent).toContain('24 घंटे के भीतर पुष्टि के लिए अपना ई-मेल देखें');
    expect(within(notice).getByText(formatLocalDeadline(deadline), { selector: 'strong' })).toBeTruthy();
    expect(formatLocalDeadline(deadline)).toMatch(/^सोमवार, 23 नवंबर को/);
  });
});
