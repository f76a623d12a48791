import { afterAll, describe, expect, it } from 'vitest';
import { bookingEffects, type Change } from '../../functions/streams/change-events.ts';
import type { StoredBooking } from '../../functions/lib/db/bookings.ts';
import { storedBooking } from '../support/stream-fixtures.ts';
import { disconnectedNotice, guestNoticeOf } from '../../web/src/features/notifications/model/guest-notices.ts';
import { messages as hindi } from '../../web/src/i18n/compiled/hi.ts';
import '../../web/src/i18n/english/notices.ts';
import { i18n, t, translateKnown, type MessageId } from '../../web/src/i18n/i18n.ts';
import { patterns } from '../../web/src/i18n/message-patterns.ts';

const REFERENCE = 'VMLX2K9A1B2C3';

/** Every change of a guest's booking that tells the guest something, as the stream consumer sees it. */
function guestChanges(): Array<Change<StoredBooking>> {
  const pending = storedBooking();
  const online = storedBooking({ payment_method: 'razorpay' });
  const paid = storedBooking({ status: 'confirmed', payment_status: 'paid', payment_method: 'razorpay', payment_id: 'pay_AAAAAAAAAAAAAA' });
  const expired = storedBooking({ status: 'expired', payment_method: 'razorpay' });
  return [
    { eventName: 'INSERT', after: pending },
    { eventName: 'MODIFY', before: online, after: paid },
    { eventName: 'MODIFY', before: paid, after: { ...paid, status: 'cancelled', refund_amount: 41_300 } },
    { eventName: 'MODIFY', before: pending, after: { ...pending, status: 'cancelled' } },
    { eventName: 'MODIFY', before: online, after: expired },
    { eventName: 'MODIFY', before: paid, after: { ...paid, status: 'checked-in' } },
    { eventName: 'MODIFY', before: paid, after: { ...paid, status: 'completed' } },
    { eventName: 'MODIFY', before: paid, after: { ...paid, status: 'pending' } },
    { eventName: 'MODIFY', before: pending, after: { ...pending, guest_confirmed_at: '2026-11-22T06:00:00.000Z' } },
    {
      eventName: 'MODIFY',
      before: expired,
      after: { ...expired, payment_status: 'refunded', payment_id: 'pay_BBBBBBBBBBBBBB', refund_amount: 41_300, late_payment_refunded: true },
    },
  ];
}

/** What is left of a worded notice once the reference and amounts (which stay as they are) are taken out: no English word may remain. */
const latinLeft = (text: string) =>
  text
    .replaceAll(REFERENCE, '')
    .replace(/₹[\d,]+/g, '')
    .match(/[A-Za-z]+/g) ?? [];

/** A notice's English in the active language, as localizeMessage (web/src/i18n/i18n.ts) words it once a language's patterns are in. */
function worded(text: string): string {
  for (const [pattern, id, names] of patterns) {
    const match = pattern.exec(text);
    if (match) return t(id as MessageId, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])));
  }
  return translateKnown(text);
}

describe("the guest's live notifications in Hindi (docs/product.md#languages)", () => {
  afterAll(() => i18n.activate('en'));

  it('words every notice the server sends a guest about their booking, and every one the site writes', () => {
    const frames = guestChanges().flatMap((change) =>
      bookingEffects(change)
        .notices.filter((notice) => notice.audience.startsWith('user:'))
        .map((notice, index) => ({ id: `${change.eventName}-${index}`, event: notice.event, data: notice.data })),
    );
    // Each kind of message the stream sends a guest, and the site's own (a frame without a message).
    expect(new Set(frames.map((frame) => frame.event))).toEqual(new Set(['booking-update', 'booking-confirmed', 'payment-failed', 'payment-success']));
    const bare = ['booking-update', 'booking-confirmed', 'payment-update', 'payment-failed', 'payment-success'].flatMap((event) => [
      { id: `${event}-bare`, event, data: {} },
      { id: `${event}-ref`, event, data: { booking_reference: REFERENCE, amount: 41_300 } },
    ]);
    const notices = [...frames, ...bare].map((frame) => guestNoticeOf(frame)).filter((notice) => notice !== undefined);
    const texts = [...notices.flatMap((notice) => [notice.title, notice.message]), disconnectedNotice.title, disconnectedNotice.message];
    expect(new Set(texts).size).toBeGreaterThan(20);

    i18n.activate('en');
    for (const text of texts) expect(worded(text)).toBe(text);
    i18n.load('hi', hindi);
    i18n.activate('hi', ['hi-IN']);
    for (const text of texts) expect(latinLeft(worded(text)), `${text} → ${worded(text)}`).toEqual([]);
    expect(worded(`Booking ${REFERENCE} is cancelled; ₹41,300 will be refunded`)).toBe(`बुकिंग ${REFERENCE} रद्द हो गई है; ₹41,300 लौटाए जाएँगे`);
    expect(worded(`Payment of ₹41,300 received for ${REFERENCE}`)).toBe(`${REFERENCE} के लिए ₹41,300 का भुगतान मिल गया`);
  });
});
