import { describe, expect, it } from 'vitest';
import { bookingBody, eventually, inDays, itemsOf, newKey, postJson } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';
import { bookingItem, mailsFor } from '../support/payment-fixtures.ts';

/**
 * The booking e-mails speak the language the guest booked in (docs/product.md#e-mails), through the
 * real stack: the request's `language` stored on the booking, the stream consumer's e-mails, their
 * HTML and their calendar file.
 */
const stack = useTestStack();

type Mail = Awaited<ReturnType<typeof mailsFor>>[number] & { html?: string };
const mailsOf = (reference: string, count: number) =>
  eventually(
    () => mailsFor(reference) as Promise<Mail[]>,
    (mails) => mails.length >= count,
  );
/** The calendar file, its folded lines unfolded (RFC 5545 folds at 75 octets). */
const calendarOf = (mail: Mail | undefined) => (mail?.attachments?.find((file) => file.filename.endsWith('.ics'))?.content ?? '').replace(/\r\n[ \t]/g, '');

describe('booking e-mails in the guest language', () => {
  it('writes a booking made in Hindi, its confirm request and its cancellation in Hindi, names and amounts as they are', async () => {
    const created = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ language: 'hi', cottageType: 'kingfisher-villa', checkIn: inDays(200), checkOut: inDays(202), specialRequests: 'Late arrival' }),
      { 'idempotency-key': newKey() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const {
      bookingReference: reference,
      booking,
      manageToken,
    } = created.body.data as { bookingReference: string; booking: { id: string }; manageToken: string };
    expect(await bookingItem(booking.id)).toMatchObject({ language: 'hi' });

    const [request] = await mailsOf(reference, 1);
    expect(request?.subject).toBe(`कृपया Forest Resort में अपनी बुकिंग ${reference} की पुष्टि करें`);
    expect(request?.text).toContain('प्रिय Ms Asha Rao, Forest Resort में बुकिंग के लिए धन्यवाद। आपने रिज़ॉर्ट पर भुगतान चुना है।');
    expect(request?.text).toContain('मेहमान का नाम: Ms Asha Rao');
    expect(request?.text).toContain('मेहमान: 2 वयस्क, कोई बच्चा नहीं');
    expect(request?.text).toContain('विशेष अनुरोध: Late arrival');
    expect(request?.text).toMatch(/चेक-इन: \S+, \d+ \S+ \d{4}, 2:00 pm से/);
    expect(request?.text).toContain('रद्दीकरण नीति: चेक-इन से 48 घंटे पहले तक मुफ़्त रद्दीकरण।');
    expect(request?.text).not.toMatch(/Dear|Check-in|Cancellation policy|Booking reference/);
    expect(request?.html).toContain('<html lang="hi">');
    expect(request?.html).toContain('अपनी बुकिंग की पुष्टि करें</a>');
    expect(request?.html).toContain('या यह लिंक खोलें:');
    const calendar = calendarOf(request);
    expect(calendar).toContain(`SUMMARY:Forest Resort में Kingfisher Villa (${reference})`);
    expect(calendar).toContain('अभी पुष्टि नहीं हुई');

    const cancelled = await fetch(`${stack.api}/bookings/reference/${reference}/cancel`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: manageToken }),
    });
    expect(cancelled.status).toBe(200);
    const mails = await mailsOf(reference, 2);
    const cancellation = mails.find((mail) => mail.subject === `बुकिंग ${reference} रद्द हुई`);
    expect(cancellation?.text).toContain('इस बुकिंग के लिए कोई भुगतान नहीं हुआ था, इसलिए लौटाने को कुछ नहीं है।');
    expect(cancellation?.text).toContain('वापसी: कुछ नहीं');
    expect(calendarOf(cancellation)).toContain('यह बुकिंग रद्द हो गई है।');
  });

  it('writes a booking that names no language in English', async () => {
    const created = await postJson(`${stack.api}/bookings`, bookingBody({ cottageType: 'glass-cottage', checkIn: inDays(210), checkOut: inDays(211) }), {
      'idempotency-key': newKey(),
    });
    expect(created.status).toBe(201);
    const { bookingReference: reference, booking } = created.body.data as { bookingReference: string; booking: { id: string } };
    expect(await bookingItem(booking.id)).not.toHaveProperty('language');
    const [request] = await mailsOf(reference, 1);
    expect(request?.subject).toBe(`Please confirm your booking ${reference} at Forest Resort`);
    expect(request?.html).toContain('<html lang="en">');
  });

  it('refuses a language it does not speak with a 400 that names it, and books nothing', async () => {
    const before = (await itemsOf('booking')).length;
    const refused = await postJson(`${stack.api}/bookings`, bookingBody({ language: 'fr', checkIn: inDays(220), checkOut: inDays(221) }), {
      'idempotency-key': newKey(),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Language must be one of: en, hi');
    expect((await itemsOf('booking')).length).toBe(before);
  });
});
