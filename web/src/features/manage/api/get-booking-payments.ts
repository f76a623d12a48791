import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiRequest } from '@/lib/api-client';

const paymentSchema = v.object({
  id: v.string(),
  order_id: v.optional(v.string()),
  method: v.string(),
  amount: v.number(),
  currency: v.string(),
  status: v.string(),
  error_description: v.optional(v.string()),
  created_at: v.string(),
  updated_at: v.optional(v.string()),
});
export type BookingPayment = v.InferOutput<typeof paymentSchema>;

const refundSchema = v.object({
  id: v.string(),
  payment_id: v.string(),
  amount: v.number(),
  status: v.string(),
  reason: v.optional(v.string()),
  created_at: v.string(),
  processed_at: v.optional(v.string()),
});
export type BookingRefund = v.InferOutput<typeof refundSchema>;

const bookingPaymentsSchema = v.object({ payments: v.array(paymentSchema), refunds: v.array(refundSchema) });

/** GET /api/payments/booking/{bookingId}?token=: what was paid for the booking, and what was refunded. */
export const getBookingPaymentsQueryOptions = (bookingId: string, token: string) =>
  queryOptions({
    queryKey: ['booking-payments', bookingId, token] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/payments/booking/${encodeURIComponent(bookingId)}?${new URLSearchParams({ token })}`, bookingPaymentsSchema, { signal }),
  });

/** How often to look again while a refund is due but not yet recorded (the refund is made just after the cancellation). */
export const REFUND_POLL_MS = 2_000;

export const useBookingPayments = (bookingId: string, token: string | undefined, options: { enabled: boolean; refundDue: boolean }) =>
  useQuery({
    ...getBookingPaymentsQueryOptions(bookingId, token ?? ''),
    enabled: options.enabled && token !== undefined,
    refetchInterval: (query) => (options.refundDue && (query.state.data?.refunds.length ?? 0) === 0 ? REFUND_POLL_MS : false),
  });
