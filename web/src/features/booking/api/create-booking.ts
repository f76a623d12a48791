import { useMutation } from '@tanstack/react-query';
import type { StayQuoteRequest } from '@shared/quote';
import type { Locale } from '@/i18n/locales';
import { apiRequest } from '@/lib/api-client';
import { createdBookingSchema } from './schemas';

export type CreateBookingInput = Omit<StayQuoteRequest, 'packageId'> & {
  packageId: string;
  guestDetails: { prefix?: string; firstName: string; lastName: string; email: string; phone: string; countryCode: string; address?: string };
  paymentMethod: 'razorpay' | 'offline';
  /** The total the guest confirmed; the server refuses (409 with its quote) if its own differs. */
  totalAmount: number;
  specialRequests?: string;
  acceptTerms: true;
  promotionalUpdates: boolean;
  /** The language of the booking's e-mails. */
  language?: Locale;
};

/**
 * POST /api/bookings with the attempt's Idempotency-Key: a double click or a retry books once. A
 * signed-in guest's token goes along, so the booking is theirs in My Bookings.
 */
export const createBooking = ({ idempotencyKey, ...body }: CreateBookingInput & { idempotencyKey: string }) =>
  apiRequest('/bookings', createdBookingSchema, { method: 'POST', body, idempotencyKey, auth: 'guest' });

/** Live availability holds its re-check while this guest's own booking is on its way (its nights are theirs). */
export const createBookingMutationKey = ['create-booking'] as const;

export const useCreateBooking = () => useMutation({ mutationKey: createBookingMutationKey, mutationFn: createBooking });
