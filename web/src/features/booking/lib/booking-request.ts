import { currentLocale } from '@/i18n/i18n';
import type { CreateBookingInput } from '../api/create-booking';
import { quoteRequestOf } from '../hooks/use-running-quote';
import type { Draft } from '../model/draft';

/** A random key for the Idempotency-Key header (randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The draft as the booking request, at the total the guest agreed to (the server refuses another),
 * in the language the guest is reading: the booking's e-mails will speak it.
 */
export function bookingInput(draft: Draft, totalAmount: number): CreateBookingInput {
  const { guest } = draft;
  const request = quoteRequestOf(draft);
  if (!request?.packageId) throw new Error('Step 4 needs an available villa and a package');
  return {
    ...request,
    packageId: request.packageId,
    guestDetails: {
      ...(guest.prefix ? { prefix: guest.prefix } : {}),
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email,
      phone: guest.phone,
      countryCode: guest.countryCode,
      ...(guest.address.trim() ? { address: guest.address } : {}),
    },
    paymentMethod: draft.paymentMethod,
    totalAmount,
    ...(guest.specialRequests.trim() ? { specialRequests: guest.specialRequests } : {}),
    acceptTerms: true,
    promotionalUpdates: guest.promotionalUpdates,
    language: currentLocale(),
  };
}
