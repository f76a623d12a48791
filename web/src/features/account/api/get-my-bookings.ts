import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { bookingViewSchema } from '@/lib/booking-record';

/** GET /api/bookings/my-bookings: the signed-in guest's bookings, newest first, each with its cancellation terms. */
export const getMyBookingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'my-bookings'] as const,
    queryFn: ({ signal }) => apiRequest('/bookings/my-bookings', z.array(bookingViewSchema), { auth: 'guest', signal }),
  });

export const useMyBookings = (userId: string) => useQuery(getMyBookingsQueryOptions(userId));
