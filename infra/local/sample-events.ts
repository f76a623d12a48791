import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { SAMPLE_GUEST } from './environment.ts';
import { SAMPLE_CHANNEL_PATH } from './sample-channel.ts';

/**
 * Sample events keep working as time passes and on any machine: `{{date+N}}` is N days from the
 * resort's today (`{{month+N}}`, `{{year+N}}` its month and year), `{{uuid}}` a fresh id, and `{{guestToken}}`, `{{guestBookingId}}`,
 * `{{guestBookingReference}}` come from the local sample guest and their latest booking,
 * `{{guestBookingLinkToken}}` is that booking's manage link (as its e-mails carry it),
 * `{{guestBookingConfirmToken}}` the proof of its e-mail's Confirm link, and
 * `{{adminToken}}` a sign-in of the local admin. Payments: `{{freshOrderId}}` books the sample guest
 * a new online stay and orders its payment; `{{testPaymentId}}` and `{{testSignature}}` are a test
 * card's payment of that order as the checkout would return it; `{{webhookBody}}` and
 * `{{webhookSignature}}` a signed `payment.captured` of it, as Razorpay would deliver it.
 * `{{disposableCottageId}}` (and Package, Safari) a fresh inactive catalogue item to change or delete,
 * `{{disposableStayTypeId}}` a fresh retired villa type to change,
 * `{{disposableBlockId}}` a fresh date block of one night on such a unit, to remove;
 * `{{sampleFeedToken}}` the calendar feed token of the sample unit hornbill-1;
 * `{{sampleChannelFeedUrl}}` the local server's sample channel calendar, `{{disposableChannelId}}` a
 * fresh channel importing it for a disposable unit.
 * `{{activationToken}}` the e-mailed link of a fresh sign-up, waiting for activation.
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
  if (text.includes('{{guestBookingConfirmToken}}')) {
    const { confirmStayToken } = await import('../../functions/lib/bookings/manage-link.ts');
    text = text.replace(/\{\{guestBookingConfirmToken\}\}/g, await confirmStayToken((await guestOpenBooking()).id));
  }
  // Pricing rules (admin portal): a disposable rule made for this event, so an update or DELETE has something of its own to change.
  if (text.includes('{{disposablePricingRuleId}}')) text = text.replace(/\{\{disposablePricingRuleId\}\}/g, await disposablePricingRule());
  // Users (admin portal): a disposable customer made for this event, so an update, reset, unlock or DELETE has an account of its own.
  if (text.includes('{{disposableUserId}}')) text = text.replace(/\{\{disposableUserId\}\}/g, await disposableUser());
  // Villa types (admin portal): a disposable retired type, for the update to change.
  if (text.includes('{{disposableStayTypeId}}')) text = text.replace(/\{\{disposableStayTypeId\}\}/g, await disposableStayType());
  // Date blocks (admin portal): a disposable block, on a disposable unit, for the DELETE to remove.
  if (text.includes('{{disposableBlockId}}')) text = text.replace(/\{\{disposableBlockId\}\}/g, await disposableBlock());
  // Channels (admin portal): the local server's sample channel calendar, and a disposable channel importing it.
  if (text.includes('{{sampleChannelFeedUrl}}')) text = text.replace(/\{\{sampleChannelFeedUrl\}\}/g, sampleChannelFeedUrl());
  if (text.includes('{{disposableChannelId}}')) text = text.replace(/\{\{disposableChannelId\}\}/g, await disposableChannel());
  // Calendar feeds: the sample Hornbill unit's current feed token.
  if (text.includes('{{sampleFeedToken}}')) {
    const [{ feedToken }, { feedVersion }] = await Promise.all([
      import('../../functions/lib/channels/feed-token.ts'),
      import('../../functions/lib/db/calendar-feeds.ts'),
    ]);
    text = text.replace(/\{\{sampleFeedToken\}\}/g, await feedToken('hornbill-1', await feedVersion('hornbill-1')));
  }
  if (text.includes('{{activationToken}}')) text = text.replace(/\{\{activationToken\}\}/g, await freshActivationToken());
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
  text = await withDisposableCatalogue(text);
  return JSON.parse(text);
}

/**
 * Catalogue placeholders (the admin catalogue's update and delete events): `{{disposableCottageId}}`,
 * `{{disposablePackageId}}` and `{{disposableSafariId}}` each create a fresh inactive item, not
 * offered to guests, for the event to change or delete, so the events work on any table.
 */
async function withDisposableCatalogue(text: string): Promise<string> {
  if (!/\{\{disposable(Cottage|Package|Safari)Id\}\}/.test(text)) return text;
  const [{ cottageWrites }, { packageWrites }, { safariWrites }] = await Promise.all([
    import('../../functions/lib/db/cottage-writes.ts'),
    import('../../functions/lib/db/package-writes.ts'),
    import('../../functions/lib/db/safari-writes.ts'),
  ]);
  const suffix = randomUUID().slice(0, 8);
  if (text.includes('{{disposableCottageId}}')) {
    const id = `sample-unit-${suffix}`;
    await cottageWrites.put({
      id,
      name: `Sample Unit ${suffix}`,
      type: 'hornbill-villa',
      description: 'A disposable unit for the sample events.',
      base_price: 18000,
      max_guests: 6,
      size_sqft: 1200,
      amenities: ['WiFi'],
      images: ['/images/villas/hornbill-villa.svg'],
      status: 'inactive',
    });
    text = text.replace(/\{\{disposableCottageId\}\}/g, id);
  }
  if (text.includes('{{disposablePackageId}}')) {
    const id = `sample-package-${suffix}`;
    await packageWrites.put({
      id,
      name: `Sample Package ${suffix}`,
      type: 'accommodation',
      category: 'standard',
      description: 'A disposable package for the sample events.',
      price_multiplier: 1,
      includes_safari: false,
      max_safaris: 0,
      min_guests: 1,
      max_guests: 6,
      duration: '2-3 nights',
      includes: ['Breakfast'],
      status: 'inactive',
      is_active: false,
    });
    text = text.replace(/\{\{disposablePackageId\}\}/g, id);
  }
  if (text.includes('{{disposableSafariId}}')) {
    const id = `sample-safari-${suffix}`;
    await safariWrites.put({
      id,
      name: `Sample Safari ${suffix}`,
      category: 'morning',
      description: 'A disposable safari for the sample events.',
      price: 750,
      duration: '3 hours',
      max_guests: 6,
      seats_per_slot: 12,
      includes: ['Open jeep'],
      highlights: [],
      time_slots: ['06:00-09:00'],
      is_active: false,
      status: 'inactive',
    });
    text = text.replace(/\{\{disposableSafariId\}\}/g, id);
  }
  return text;
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
  const [z, { createBookingSchema }, { createGuestBooking }, { getBooking }] = await Promise.all([
    import('zod/mini'),
    import('../../shared/booking.ts'),
    import('../../functions/lib/bookings/guest-booking.ts'),
    import('../../functions/lib/db/bookings.ts'),
  ]);
  const today = resortToday();
  let created;
  for (let attempt = 0; !created && attempt < 20; attempt += 1) {
    const checkIn = addDaysIso(today, 120 + Math.floor(Math.random() * 200));
    const request = z.parse(createBookingSchema, {
      cottageType: 'hornbill-villa',
      checkIn,
      checkOut: addDaysIso(checkIn, 1),
      adults: 2,
      packageId: 'forest-retreat',
      guestDetails: { firstName: 'Sample', lastName: 'Guest', email: SAMPLE_GUEST.email, phone: '98765 43210' },
      paymentMethod: 'razorpay',
      acceptTerms: true,
    });
    created = await createGuestBooking(request, { idempotencyKey: randomUUID() }).catch(() => undefined);
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

/** A retired villa type no sample relies on (guests never see it), for the update event to change. */
async function disposableStayType(): Promise<string> {
  const { stayTypeWrites } = await import('../../functions/lib/db/stay-type-writes.ts');
  const id = `sample-type-${randomUUID()}`;
  await stayTypeWrites.put({
    id,
    name: 'Sample Villa Type (disposable)',
    description: 'Made by a sample event to be changed.',
    base_price: 12000,
    max_guests: 4,
    size_sqft: 800,
    amenities: ['WiFi'],
    images: ['/images/villas/placeholder.svg'],
    status: 'retired',
  });
  return id;
}

/** A pricing rule no sample relies on (inactive, so no quote applies it), for the pricing sample events to update or delete. */
async function disposablePricingRule(): Promise<string> {
  const { putPricingRule } = await import('../../functions/lib/db/pricing-rule-writes.ts');
  const id = `sample-${randomUUID()}`;
  const today = resortToday();
  await putPricingRule({
    id,
    service_name: 'Sample rule (disposable)',
    service_type: 'cottage',
    base_price: 10000,
    currency: 'INR',
    season: 'all-year',
    discount_percentage: 5,
    valid_from: today,
    valid_until: addDaysIso(today, 30),
    min_stay: 1,
    max_stay: 30,
    description: 'Made by a sample event to be changed or deleted.',
    status: 'inactive',
  });
  return id;
}

const sampleChannelFeedUrl = () => `${process.env.SITE_URL ?? 'http://localhost:3000'}${SAMPLE_CHANNEL_PATH}`;

/** A fresh channel, never synced, importing the sample channel calendar for a disposable unit. */
async function disposableChannel(): Promise<string> {
  const [{ createChannelWrite }, { transact }] = await Promise.all([
    import('../../functions/lib/db/channels.ts'),
    import('../../functions/lib/db/transactions.ts'),
  ]);
  const cottageId = await withDisposableCatalogue('{{disposableCottageId}}');
  const id = randomUUID();
  await transact([
    createChannelWrite({
      id,
      cottage_id: cottageId,
      cottage_type: 'hornbill-villa',
      name: 'Sample channel',
      url: sampleChannelFeedUrl(),
      created_at: new Date().toISOString(),
      created_by: { id: 'sample-events', name: 'Sample events' },
    }),
  ]);
  return id;
}

/** A fresh block of one night, a month ahead, on a fresh inactive unit (so it never meets a booking). */
async function disposableBlock(): Promise<string> {
  const [{ createBlockWrites }, { transact }] = await Promise.all([
    import('../../functions/lib/db/blocks.ts'),
    import('../../functions/lib/db/transactions.ts'),
  ]);
  const cottageId = await withDisposableCatalogue('{{disposableCottageId}}');
  const id = randomUUID();
  const checkIn = addDaysIso(resortToday(), 30);
  await transact(
    createBlockWrites(
      {
        id,
        cottage_id: cottageId,
        cottage_name: 'Sample Unit',
        cottage_type: 'hornbill-villa',
        check_in: checkIn,
        check_out: addDaysIso(checkIn, 1),
        reason: 'Made by a sample event to be removed',
        created_at: new Date().toISOString(),
        created_by: { id: 'sample-events', name: 'Sample events' },
      },
      [checkIn],
      Date.now(),
    ),
  );
  return id;
}

/** A fresh customer account (it cannot sign in: its password hash is a placeholder) for a user event to change or delete. */
async function disposableUser(): Promise<string> {
  const { createUser } = await import('../../functions/lib/db/users.ts');
  const user = await createUser({
    name: 'Disposable Guest',
    email: `disposable-${randomUUID()}@example.in`,
    role: 'customer',
    passwordHash: 'not-a-usable-hash',
  });
  return user.id;
}

/** A fresh guest sign-up waiting for activation (a placeholder password: nobody signs in with it), and its link's token. */
async function freshActivationToken(): Promise<string> {
  const [{ createUser }, { signupPut, ACTIVATION_HOURS }, { activationToken }] = await Promise.all([
    import('../../functions/lib/db/users.ts'),
    import('../../functions/lib/db/signups.ts'),
    import('../../functions/lib/account-activation.ts'),
  ]);
  const email = `sample-signup-${randomUUID()}@example.in`;
  const signupId = randomUUID();
  const now = Date.now();
  const registration = { name: 'Sample Sign-up', passwordHash: 'not-a-usable-hash' };
  await createUser({ ...registration, email, role: 'customer', status: 'pending', awaitingActivation: true }, (user) => [
    signupPut({
      id: signupId,
      kind: 'activate',
      userId: user.id,
      email,
      ...registration,
      activation_expires_at: new Date(now + ACTIVATION_HOURS * 3_600_000).toISOString(),
      created_at: new Date(now).toISOString(),
    }),
  ]);
  return activationToken(signupId);
}
