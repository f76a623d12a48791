import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';

const paymentSchema = z.object({
  id: z.string(),
  order_id: z.optional(z.string()),
  method: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  error_description: z.optional(z.string()),
  created_at: z.string(),
  updated_at: z.optional(z.string()),
});
export type BookingPayment = z.infer<typeof paymentSchema>;

const refundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number(),
  status: z.string(),
  reason: z.optional(z.string()),
  created_at: z.string(),
  processed_at: z.optional(z.string()),
});
export type BookingRefund = z.infer<typeof refundSchema>;

const bookingPaymentsSchema = z.object({ payments: z.array(paymentSchema), refunds: z.array(refundSchema) });

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
