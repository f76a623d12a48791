/**
 * The payment provider seam: what the payment handlers need from Razorpay, implemented twice, by
 * the REST client (razorpay-api.ts, mode 'live') and by the built-in test provider
 * (test-provider.ts, mode 'test', used while no Razorpay key is configured). The entity types follow
 * Razorpay's documented API entities field for field (snake_case, amounts in paise, times in unix
 * seconds), so that what the test provider makes is what Razorpay would send, and a stored entity
 * can be compared with a webhook's copy. Fields Razorpay documents but this site never reads (card
 * details, acquirer data, offers) are left out of the types; they are still present at run time.
 *
 * No AWS SDK, DynamoDB or zod here: these modules go into small Lambda bundles.
 */

/** Razorpay's notes: up to 15 string key-value pairs on an order, payment or refund. */
export type Notes = Record<string, string>;

export type OrderStatus = 'created' | 'attempted' | 'paid';
export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
export type ProviderRefundStatus = 'pending' | 'processed' | 'failed';

/** Razorpay's Order entity. */
export type ProviderOrder = {
  id: string;
  entity: 'order';
  /** In paise. */
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: OrderStatus;
  /** Payment attempts made against the order. */
  attempts: number;
  notes: Notes;
  /** Unix seconds. */
  created_at: number;
};

/** Razorpay's Payment entity (the fields this site reads). */
export type ProviderPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: ProviderPaymentStatus;
  order_id: string | null;
  /** card, netbanking, wallet, emi, upi. */
  method: string;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  email: string;
  contact: string;
  /** Razorpay's fee and the tax on it, in paise (null until captured). */
  fee: number | null;
  tax: number | null;
  /** On a failed payment: Razorpay's error, the same fields as the checkout's `payment.failed` error. */
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  notes: Notes;
  created_at: number;
};

/** Razorpay's Refund entity. */
export type ProviderRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  created_at: number;
  status: ProviderRefundStatus;
  /** How the refund went and was asked for: 'normal' (5-7 working days) or 'instant'/'optimum'. */
  speed_processed: string;
  speed_requested: string;
};

export type CreateOrderInput = {
  /** In paise, at least 100 (₹1). */
  amount: number;
  currency: 'INR';
  /** Our reference for the order, at most 40 characters (the booking reference). */
  receipt: string;
  notes: Notes;
};

export type RefundInput = {
  /** In paise, at most what is captured and not yet refunded. */
  amount: number;
  notes?: Notes;
  /** Our reference for the refund, at most 40 characters. */
  receipt?: string;
  /**
   * Razorpay's `X-Refund-Idempotency` key (10 or more of A-Z a-z 0-9 - _): a refund retried with
   * the same key and the same body is made once. Pass one (e.g. our refund record's id) whenever a
   * refund may be retried: a timed-out refund request may have been carried out.
   */
  idempotencyKey?: string;
};

export type PaymentProvider = {
  /** 'live' talks to Razorpay (with live or test keys); 'test' is the built-in stand-in. */
  mode: 'live' | 'test';
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /** A normal-speed refund of a captured payment. */
  refund(paymentId: string, input: RefundInput): Promise<ProviderRefund>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
};

export type PaymentProviderErrorDetails = {
  /** The HTTP status Razorpay answered, absent when no answer came (timeout, network). */
  status?: number;
  /**
   * Razorpay's error code (BAD_REQUEST_ERROR, GATEWAY_ERROR, SERVER_ERROR), or one of ours when
   * there was no Razorpay answer: TIMEOUT, NETWORK_ERROR, BAD_RESPONSE.
   */
  code?: string;
  retryable: boolean;
  /** The rest of Razorpay's error body, as sent. */
  field?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: Record<string, unknown>;
  cause?: unknown;
};

/**
 * A provider call that failed. `description` is Razorpay's (safe to log, and for a 400 worth showing
 * to an admin: "The refund amount provided is greater than amount captured"). `retryable` is true
 * when trying the same call again later may succeed: a 5xx, a 429 (rate limited), a 409 (the same
 * idempotent refund still in progress), a timeout or a network error; false for the other 4xx, which
 * will fail the same way again. Note that a retryable failure of a POST may still have taken effect
 * (the request arrived, the answer was lost): retry a refund only with the same idempotency key.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly status?: number;
  readonly code?: string;
  readonly description: string;
  readonly retryable: boolean;
  readonly field?: string;
  readonly source?: string;
  readonly step?: string;
  readonly reason?: string;
  readonly metadata?: Record<string, unknown>;

  constructor(message: string, description: string, details: PaymentProviderErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.description = description;
    this.retryable = details.retryable;
    if (details.status !== undefined) this.status = details.status;
    if (details.code !== undefined) this.code = details.code;
    if (details.field !== undefined) this.field = details.field;
    if (details.source !== undefined) this.source = details.source;
    if (details.step !== undefined) this.step = details.step;
    if (details.reason !== undefined) this.reason = details.reason;
    if (details.metadata !== undefined) this.metadata = details.metadata;
  }
}

/** Whether a failed HTTP answer is worth retrying: 5xx, 429 (rate limit) and 409 (an idempotent refund still being processed). */
export const isRetryableStatus = (status: number): boolean => status >= 500 || status === 429 || status === 409;
