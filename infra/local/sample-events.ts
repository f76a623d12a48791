import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { SAMPLE_GUEST } from './environment.ts';

/**
 * Sample events keep working as time passes and on any machine: `{{date+N}}` is N days from the
 * resort's today (`{{month+N}}`, `{{year+N}}` its month and year), `{{uuid}}` a fresh id, and `{{guestToken}}`, `{{guestBookingId}}`,
 * `{{guestBookingReference}}` come from the local sample guest and their latest booking,
 * `{{guestBookingLinkToken}}` is that booking's manage link (as its e-mails carry it) and
 * `{{adminToken}}` a sign-in of the local admin. Payments: `{{freshOrderId}}` books the sample guest
 * a new online stay and orders its payment; `{{testPaymentId}}` and `{{testSignature}}` are a test
 * card's payment of that order as the checkout would return it; `{{webhookBody}}` and
 * `{{webhookSignature}}` a signed `payment.captured` of it, as Razorpay would deliver it.
 * Loading needs the function environment (it reads the table and signs with the local key).
 */
export async function loadSampleEvent(path: string): Promise<unknown> {
  let text = readFileSync(path, 'utf8');
  const today = resortToday();
  text = text.replace(/\{\{date([+-]\d+)\}\}/g, (_, offset: string) => addDaysIso(today, Number(offset)));
  text = text.replace(/\{\{(month|year)([+-]\d+)\}\}/g, (_, part: string, offset: string) => {
    const [year, month] = addDaysIso(today, Number(offset)).split('-');
    return String(Number(part === 'year' ? year : month));
  });
  text = text.replace(/\{\{uuid\}\}/g, () => randomUUID());
  if (/\{\{guest(Token|BookingId|BookingReference)\}\}/.test(text)) {
    const [{ findUserByEmail }, { signAccessToken }, { listBookingsOfUser }] = await Promise.all([
      import('../../functions/lib/db/users.ts'),
      import('../../functions/lib/auth.ts'),
      import('../../functions/lib/db/bookings.ts'),
    ]);
    const guest = await findUserByEmail(SAMPLE_GUEST.email);
    if (!guest) throw new Error(`The sample guest ${SAMPLE_GUEST.email} is missing: start from a freshly seeded table`);
    const token = await signAccessToken({ userId: guest.id, role: guest.role, name: guest.name, email: guest.email, tokenVersion: guest.tokenVersion });
    text = text.replace(/\{\{guestToken\}\}/g, token);
    if (/\{\{guestBooking(Id|Reference)\}\}/.test(text)) {
      const booking = (await listBookingsOfUser(guest.id)).find((candidate) => candidate.status === 'pending' || candidate.status === 'confirmed');
      if (!booking) throw new Error('The sample guest has no open booking: run `npm run invoke -- create-booking` first');
      text = text.replace(/\{\{guestBookingId\}\}/g, booking.id).replace(/\{\{guestBookingReference\}\}/g, booking.booking_reference);
    }
  }
  if (text.includes('{{adminToken}}')) {
    const [{ signAccessToken }, { DEFAULT_ADMIN }, { findUserByEmail }] = await Promise.all([
      import('../../functions/lib/auth.ts'),
      import('./environment.ts'),
      import('../../functions/lib/db/users.ts'),
    ]);
    // The local admin account itself: a token is only as good as the account behind it.
    const admin = await findUserByEmail(DEFAULT_ADMIN.email);
    if (!admin) throw new Error(`The local admin ${DEFAULT_ADMIN.email} is missing: run npm start once, or npm run create-admin`);
    const token = await signAccessToken({ userId: admin.id, role: admin.role, name: admin.name, email: admin.email, tokenVersion: admin.tokenVersion });
    text = text.replace(/\{\{adminToken\}\}/g, token);
  }
  if (text.includes('{{guestBookingLinkToken}}')) {
    const { manageLinkToken } = await import('../../functions/lib/bookings/manage-link.ts');
    text = text.replace(/\{\{guestBookingLinkToken\}\}/g, await manageLinkToken((await guestOpenBooking()).id));
  }
  if (text.includes('{{guestOnlineBookingId}}')) text = text.replace(/\{\{guestOnlineBookingId\}\}/g, (await freshOnlineBooking()).id);
  if (/\{\{(freshOrderId|testPaymentId|testSignature|webhookBody|webhookSignature)\}\}/.test(text)) {
    const payment = await freshTestPayment();
    text = text
      .replace(/\{\{freshOrderId\}\}/g, payment.orderId)
      .replace(/\{\{testPaymentId\}\}/g, payment.paymentId)
      .replace(/\{\{testSignature\}\}/g, payment.signature)
      .replace(/\{\{webhookBody\}\}/g, () => JSON.stringify(payment.webhook.body).slice(1, -1))
      .replace(/\{\{webhookSignature\}\}/g, payment.webhook.signature)
      .replace(/\{\{webhookEventId\}\}/g, payment.webhook.eventId);
  }
  return JSON.parse(text);
}

async function guestOpenBooking() {
  const [{ findUserByEmail }, { listBookingsOfUser }] = await Promise.all([
    import('../../functions/lib/db/users.ts'),
    import('../../functions/lib/db/bookings.ts'),
  ]);
  const guest = await findUserByEmail(SAMPLE_GUEST.email);
  const booking = guest
    ? (await listBookingsOfUser(guest.id)).find((candidate) => candidate.status === 'pending' || candidate.status === 'confirmed')
    : undefined;
  if (!booking) throw new Error('The sample guest has no open booking: run `npm run invoke -- create-booking` first');
  return booking;
}

/** A new online booking of the sample guest, on a free night well ahead, waiting for its payment. */
async function freshOnlineBooking() {
  const [v, { createBookingSchema }, { createBooking }, { getBooking }] = await Promise.all([
    import('valibot'),
    import('../../shared/booking.ts'),
    import('../../functions/lib/bookings/create-booking.ts'),
    import('../../functions/lib/db/bookings.ts'),
  ]);
  const today = resortToday();
  let created;
  for (let attempt = 0; !created && attempt < 20; attempt += 1) {
    const checkIn = addDaysIso(today, 120 + Math.floor(Math.random() * 200));
    const request = v.parse(createBookingSchema, {
      cottageType: 'hornbill-villa',
      checkIn,
      checkOut: addDaysIso(checkIn, 1),
      adults: 2,
      packageId: 'forest-retreat',
      guestDetails: { firstName: 'Sample', lastName: 'Guest', email: SAMPLE_GUEST.email, phone: '98765 43210' },
      paymentMethod: 'razorpay',
      acceptTerms: true,
    });
    created = await createBooking(request, { idempotencyKey: randomUUID() }).catch(() => undefined);
  }
  if (!created) throw new Error('No free night found for a sample online booking');
  const booking = await getBooking(created.booking.id);
  if (!booking) throw new Error('The sample online booking was not stored');
  return booking;
}

/** A fresh online booking's order, and a test card's payment of it. */
async function freshTestPayment() {
  const [{ stageProvider }, { paymentKeys }, { createTestProvider }, { attachOrderWrites }, { transact }] = await Promise.all([
    import('../../functions/lib/payments/stage-provider.ts'),
    import('../../functions/lib/payments/payment-keys.ts'),
    import('../../functions/lib/payments/test-provider.ts'),
    import('../../functions/lib/db/payments.ts'),
    import('../../functions/lib/db/transactions.ts'),
  ]);
  const keys = await paymentKeys();
  if (keys.mode !== 'test') throw new Error('Payment sample events need test mode (no RAZORPAY_KEY_ID)');
  const booking = await freshOnlineBooking();
  const order = await (
    await stageProvider()
  ).createOrder({ amount: booking.total_amount * 100, currency: 'INR', receipt: booking.booking_reference, notes: {} });
  await transact(
    attachOrderWrites(booking, { orderId: order.id, bookingId: booking.id, amount: order.amount, currency: 'INR', created_at: new Date().toISOString() }),
  );
  const test = createTestProvider({ keySecret: keys.keySecret, webhookSecret: keys.webhookSecret });
  const paid = test.payWithTestCard({ id: order.id, amount: order.amount }, 'success');
  if (!paid.ok) throw new Error('The test card did not pay');
  return {
    orderId: order.id,
    paymentId: paid.response.razorpay_payment_id,
    signature: paid.response.razorpay_signature,
    webhook: test.webhook('payment.captured', { payment: paid.payment }),
  };
}
