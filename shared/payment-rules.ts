/**
 * The payment rules and messages as constants, without schemas: request functions import these
 * (the schemas of shared/payments.ts would stay in every bundle that imports them).
 */
export const PAYMENT_CURRENCY = 'INR';

/** How long an online booking holds its villa while the guest pays. */
export const ONLINE_HOLD_MINUTES = 15;
/** How long a pay-at-property booking holds its nights before the guest confirms it from the e-mail. */
export const PAY_AT_PROPERTY_CONFIRM_HOURS = 24;
/** Open (unconfirmed, unpaid) pay-at-property bookings allowed at once per e-mail, per phone and per client address. */
export const OPEN_PAY_AT_PROPERTY_LIMIT = 2;

/** The 429 of a guest at the limit of open pay-at-property bookings (its own export: booking creation needs only this one). */
export const tooManyOpenMessage =
  'You already have bookings to pay at the property waiting for confirmation. Confirm them from the link in our e-mail, or pay online now.';

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
} as const;
