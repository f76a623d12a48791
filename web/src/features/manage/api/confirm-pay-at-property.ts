import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiRequest } from '@/lib/api-client';
import { bookingByReferenceKey, managedBookingSchema } from './get-booking-by-reference';

const confirmedSchema = v.object({ booking: managedBookingSchema });

/**
 * POST /api/payments/offline-payment with the e-mail link's reference and token: the guest confirms
 * a booking they pay at the property, which keeps its villa (the hold is no longer released).
 */
export const confirmPayAtProperty = (reference: string, token: string) =>
  apiRequest('/payments/offline-payment', confirmedSchema, { method: 'POST', body: { reference, token } }).then(({ booking }) => booking);

export function useConfirmPayAtProperty(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmPayAtProperty(reference, token),
    // The booking read again: its confirmation time and, from the server, the terms as they now stand.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bookingByReferenceKey(reference) }),
  });
}
