import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { bookingByReferenceKey, managedBookingSchema } from './get-booking-by-reference';

const confirmedSchema = z.object({ booking: managedBookingSchema });

/**
 * POST /api/payments/offline-payment with the reference and the proof of the e-mail's Confirm link
 * (`?confirm=`): the guest confirms a booking they pay at the property, which keeps its villa (the
 * hold is no longer released).
 */
export const confirmPayAtProperty = (reference: string, confirmToken: string) =>
  apiRequest('/payments/offline-payment', confirmedSchema, { method: 'POST', body: { reference, confirmToken } }).then(({ booking }) => booking);

export function useConfirmPayAtProperty(reference: string, confirmToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmPayAtProperty(reference, confirmToken),
    // The booking read again: its confirmation time and, from the server, the terms as they now stand.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bookingByReferenceKey(reference) }),
  });
}
