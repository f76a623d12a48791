/**
 * What step 4 says when the connection fails part-way through booking or paying
 * (docs/product.md#offline): never a confirmation the server did not give. English, and the
 * message catalogues' ids, so each is shown in the guest's language.
 */
export const flowMessages = {
  /** No answer to create-order or the test checkout: nothing can have been charged. */
  notStarted:
    "We couldn't reach the resort to start the payment, so nothing was charged. Your villa is still held for you: check your connection and press Try Again.",
  /** No answer to verify-payment: the money may have moved; Try Again sends the same proof again (the server confirms once). */
  notVerified:
    "Your payment went through to the bank, but we couldn't reach the resort to confirm it. Press Try Again when your connection is back: you will not be charged twice.",
  /** Offline: nothing went out. */
  notSent:
    "You're offline. Your booking has not been made: confirming needs a connection, and nothing was sent. Everything you entered is kept here; press Retry once you're back online.",
  /** No answer came: the booking may or may not be stored; Retry tells. */
  noAnswer:
    "We couldn't reach the resort, so your booking is not confirmed. Everything you entered is kept. Press Retry when your connection is back: if the resort did receive it, Retry shows that booking and never books it twice.",
} as const;
