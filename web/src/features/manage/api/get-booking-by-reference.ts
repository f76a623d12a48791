import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { bookingViewSchema } from '@/lib/booking-record';

/** How a guest without an account shows a booking is theirs: the confirmation's link, or the e-mail it was made with. */
export type BookingProof = { token: string } | { email: string };

/**
 * The booking as the manage page reads it: the view with its cancellation terms, and for a booking
 * paid at the property, until when it is held and whether the guest has confirmed it from the e-mail.
 */
export const managedBookingSchema = z.object({
  ...bookingViewSchema.shape,
  hold_expires_at: z.optional(z.string()),
  guest_confirmed_at: z.optional(z.string()),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

export const bookingByReferenceKey = (reference: string) => ['booking-by-reference', reference] as const;

/** GET /api/bookings/reference/{reference}?token= or ?email=: the booking and the terms of cancelling it today. */
export const getBookingByReferenceQueryOptions = (reference: string, proof: BookingProof) =>
  queryOptions({
    queryKey: [...bookingByReferenceKey(reference), proof] as const,
    queryFn: ({ signal }) => apiRequest(`/bookings/reference/${encodeURIComponent(reference)}?${new URLSearchParams(proof)}`, managedBookingSchema, { signal }),
    // A 404 or a 429 will not change by asking again at once (and each try counts against the limit).
    retry: false,
  });

export const useBookingByReference = (reference: string, proof: BookingProof | undefined) =>
  useQuery({ ...getBookingByReferenceQueryOptions(reference, proof ?? { email: '' }), enabled: proof !== undefined });
