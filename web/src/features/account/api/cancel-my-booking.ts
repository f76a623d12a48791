import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cancellationResultSchema } from '@/lib/booking-record';

/** PUT /api/bookings/{id}/cancel, signed in: the guest's own booking only. */
export const cancelMyBooking = (bookingId: string) =>
  apiRequest(`/bookings/${encodeURIComponent(bookingId)}/cancel`, cancellationResultSchema, { method: 'PUT', auth: 'guest' });

export function useCancelMyBooking(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelMyBooking(bookingId),
    // The booking changed and its nights and safari seats are free again: every cached read is stale.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
