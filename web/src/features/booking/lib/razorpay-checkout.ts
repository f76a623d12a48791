import { paymentMessages } from '@shared/payment-rules';
import type { CheckoutError, PaymentOrder, VerifyPaymentRequest } from '@shared/payments';

/*
 * Razorpay's Standard Checkout (docs/product.md#online-payment): its script from Razorpay's host, loaded when the
 * payment step opens, and one checkout per Pay built from the server's order.
 */

export const RAZORPAY_SCRIPT_SRC = 'https://checkout.razorpay.com/v1/checkout.js';

/** The site's forest green: the checkout's header and buttons. */
export const CHECKOUT_THEME_COLOR = '#1f3d2b';

export type RazorpayOptions = {
  key: string;
  /** In paise. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  modal: { ondismiss: () => void };
  handler: (response: VerifyPaymentRequest) => void;
};

export type RazorpayFailure = { error?: Partial<CheckoutError> };

export type RazorpayInstance = {
  open: () => void;
  close?: () => void;
  on: (event: 'payment.failed', listener: (response: RazorpayFailure) => void) => void;
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

/** Adds Razorpay's script to the page once; a second call (a remount, Strict Mode) finds it there. */
export function loadRazorpayScript(): HTMLScriptElement {
  const present = document.querySelector<HTMLScriptElement>(`script[src="${RAZORPAY_SCRIPT_SRC}"]`);
  if (present) return present;
  const script = document.createElement('script');
  script.src = RAZORPAY_SCRIPT_SRC;
  script.async = true;
  document.head.append(script);
  return script;
}

export type CheckoutCallbacks = {
  /** The checkout's success callback: what verify-payment needs. */
  onPaid: (response: VerifyPaymentRequest) => void;
  /** `payment.failed`: Razorpay's description, else the default message of docs/product.md#online-payment. */
  onFailed: (message: string) => void;
  /** The guest closed the checkout without paying. */
  onDismissed: () => void;
};

/** Who pays, as the guest typed it at step 4: the checkout's prefill (the server's order carries no personal data). */
export type CheckoutPrefill = RazorpayOptions['prefill'];

/** The checkout options (docs/product.md#online-payment), from the server's order (amount in paise, the order's own id) and the guest's details. */
export function razorpayOptions(
  order: PaymentOrder,
  key: string,
  prefill: CheckoutPrefill,
  callbacks: Pick<CheckoutCallbacks, 'onPaid' | 'onDismissed'>,
): RazorpayOptions {
  return {
    key,
    amount: order.amount,
    currency: order.currency,
    name: order.name,
    description: order.description,
    order_id: order.orderId,
    prefill: { ...prefill },
    notes: { ...order.notes },
    theme: { color: CHECKOUT_THEME_COLOR },
    modal: { ondismiss: callbacks.onDismissed },
    handler: callbacks.onPaid,
  };
}

/**
 * Opens Razorpay's checkout for `order`. Without the script (blocked, or still loading on a slow
 * network) nothing opens and the answer says what to tell the guest. A failed attempt closes this
 * checkout: the page's failure dialog takes over, and its Try Again opens a fresh one.
 */
export function openRazorpayCheckout(
  order: PaymentOrder,
  key: string,
  prefill: CheckoutPrefill,
  callbacks: CheckoutCallbacks,
): { opened: true } | { opened: false; message: string } {
  const Razorpay = window.Razorpay;
  if (typeof Razorpay !== 'function') return { opened: false, message: paymentMessages.gatewayMissing };
  let settled = false;
  const checkout = new Razorpay(
    razorpayOptions(order, key, prefill, {
      onPaid: (response) => {
        settled = true;
        callbacks.onPaid(response);
      },
      // Closing after a failure is ours, not the guest's: the failure is already being shown.
      onDismissed: () => {
        if (!settled) callbacks.onDismissed();
      },
    }),
  );
  checkout.on('payment.failed', (response) => {
    settled = true;
    checkout.close?.();
    callbacks.onFailed(response.error?.description || paymentMessages.failedDefault);
  });
  checkout.open();
  return { opened: true };
}
