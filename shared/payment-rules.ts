/**
 * The payment rules and messages as constants, without schemas: request functions import these
 * (the schemas of shared/payments.ts would stay in every bundle that imports them).
 */
export const PAYMENT_CURRENCY = 'INR';

/** How long an online booking holds its villa while the guest pays. */
export const ONLINE_HOLD_MINUTES = 15;
/** How long a pay-at-property booking holds its nights before the guest confirms it from the e-mail. */
export const PAY_AT_PROPERTY_CONFIRM_HOURS = 24;
/** Unpaid holds (online, waiting for payment; or pay at property, waiting for the e-mail's confirmation) allowed at once per e-mail, per phone and per client address. */
export const OPEN_HOLD_LIMIT = 2;
/** Pay-at-property stays not yet paid (held or confirmed) allowed at once per e-mail, per phone and per client address... */
export const UNPAID_STAY_LIMIT = 3;
/** ...and their room-nights (rooms x nights) in all. */
export const UNPAID_NIGHT_LIMIT = 30;

/** The 429 of a guest at the limit of open pay-at-property bookings (its own export: booking creation needs only these). */
export const tooManyOpenMessage =
  'You already have bookings to pay at the property waiting for confirmation. Confirm them from the link in our e-mail, or pay online now.';

/** The refusals of a booking past what a guest may leave unpaid (functions/lib/db/unpaid-owners.ts). */
export const unpaidLimitMessages = {
  /** Online: bookings waiting for payment. */
  onlineHolds: (limit: number) =>
    `You already have ${limit} bookings waiting for payment. Pay for one of them, or let its ${ONLINE_HOLD_MINUTES}-minute hold run out, before you book again.`,
  stays: (limit: number) => `You already have ${limit} stays to pay at the property. Pay online for this one, or pay for one of those first.`,
  nights: (limit: number) =>
    `Stays paid at the property can hold at most ${limit} room-nights in all for one guest, and yours would go past that. Please pay online for this booking.`,
} as const;

export const paymentMessages = {
  gatewayMissing: 'Payment gateway not loaded. Please refresh and try again.',
  failedTitle: 'Payment Failed',
  failedDefault: 'Something went wrong with your payment. Please try again or contact our support team.',
  badSignature:
    'Payment verification failed: the payment signature does not match. You have not been charged twice; please contact us if money left your account.',
  holdExpired: 'The time to pay for this booking has run out and its villa hold was released. Please book again.',
  alreadyPaid: 'This booking is already paid.',
  notOnline: 'This booking is paid at the property, not online.',
  testModeOnly: 'The test checkout runs only while the site is in payment test mode.',
  tooManyOpen: tooManyOpenMessage,
  /** A provider payment id that already settled another order: it never pays, nor is refunded, twice. */
  paymentElsewhere: (paymentId: string) => `Payment ${paymentId} belongs to another order and cannot pay for this booking.`,
} as const;
