import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bookingViewSchema } from '@/lib/booking-record';

/** How a guest without an account shows a booking is theirs: the confirmation's link, or the e-mail it was made with. */
export type BookingProof = { token: string } | { email: string };

/** GET /api/bookings/reference/{reference}?token= or ?email=: the booking and the terms of cancelling it today. */
export const getBookingByReferenceQueryOptions = (reference: string, proof: BookingProof) =>
  queryOptions({
    queryKey: ['booking-by-reference', reference, proof] as const,
    queryFn: ({ signal }) => apiRequest(`/bookings/reference/${encodeURIComponent(reference)}?${new URLSearchParams(proof)}`, bookingViewSchema, { signal }),
    // A 404 or a 429 will not change by asking again at once (and each try counts against the limit).
    retry: false,
  });

export const useBookingByReference = (reference: string, proof: BookingProof | undefined) =>
  useQuery({ ...getBookingByReferenceQueryOptions(reference, proof ?? { email: '' }), enabled: proof !== undefined });
