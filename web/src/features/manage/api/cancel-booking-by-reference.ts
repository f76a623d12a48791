import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cancellationResultSchema } from '@/lib/booking-record';
import type { BookingProof } from './get-booking-by-reference';

/** PUT /api/bookings/reference/{reference}/cancel with the same proof as the lookup. */
export const cancelBookingByReference = (reference: string, proof: BookingProof) =>
  apiRequest(`/bookings/reference/${encodeURIComponent(reference)}/cancel`, cancellationResultSchema, { method: 'PUT', body: proof });

export function useCancelBookingByReference(reference: string, proof: BookingProof) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBookingByReference(reference, proof),
    // A cancellation changes the booking and frees its nights and safari seats: every cached read
    // (the booking, availability, calendars, My Bookings) is stale now.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
