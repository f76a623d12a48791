import type { StayQuoteRequest } from '@shared/quote';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  adminBookingSchema,
  bookingDetailsSchema,
  bookingListSchema,
  dashboardSchema,
  type AdminBooking,
  type BookingList,
  type CreateStaffBookingRequest,
  type TargetStatus,
} from '@shared/booking-admin';
import { adminRequest } from '../api/admin-request';

export type ListFilters = { status?: string | undefined; q?: string | undefined };
const PAGE_SIZE = 25;

export const bookingKeys = {
  all: ['admin', 'bookings'] as const,
  list: (filters: ListFilters) => ['admin', 'bookings', 'list', filters.status ?? '', filters.q ?? ''] as const,
  lists: ['admin', 'bookings', 'list'] as const,
  stats: ['admin', 'bookings', 'stats'] as const,
  details: (id: string) => ['admin', 'bookings', 'details', id] as const,
};

/** The query string of a list page: the filters as the server reads them, and where to go on from. */
export function listPath(filters: ListFilters, cursor?: string): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filters.status) query.set('status', filters.status);
  if (filters.q) query.set('q', filters.q);
  if (cursor) query.set('cursor', cursor);
  return `/bookings?admin&${query.toString()}`;
}

/** The booking list, paged by the server's cursor ('Load more' asks for the next page). */
export function useBookingList(filters: ListFilters) {
  return useInfiniteQuery({
    queryKey: bookingKeys.list(filters),
    queryFn: ({ pageParam, signal }) => adminRequest(listPath(filters, pageParam), bookingListSchema, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
  });
}

/** The dashboard figures (the Overview tab and the Bookings tab's count cards). */
export function useDashboard() {
  return useQuery({ queryKey: bookingKeys.stats, queryFn: ({ signal }) => adminRequest('/bookings?admin&stats', dashboardSchema, { signal }) });
}

export function useBookingDetails(id: string | undefined) {
  return useQuery({
    queryKey: bookingKeys.details(id ?? ''),
    queryFn: ({ signal }) => adminRequest(`/bookings/${id}/details`, bookingDetailsSchema, { signal }),
    enabled: Boolean(id),
  });
}

type ListData = InfiniteData<BookingList, string | undefined>;

/** Applies `change` to the booking `id` in every cached list page. */
function patchLists(client: ReturnType<typeof useQueryClient>, id: string, change: (booking: AdminBooking) => AdminBooking) {
  client.setQueriesData<ListData>({ queryKey: bookingKeys.lists }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, bookings: page.bookings.map((booking) => (booking.id === id ? change(booking) : booking)) })) }
      : data,
  );
}

/**
 * A status change, optimistic: the row shows the new status at once; on failure every list goes
 * back as it was and the caller shows the server's message. Either way the lists and counts are
 * read again afterwards.
 */
export function useStatusChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: TargetStatus; reason?: string }) =>
      adminRequest(`/bookings/${id}/status`, adminBookingSchema, { method: 'PATCH', body: { status, ...(reason ? { reason } : {}) } }),
    onMutate: async ({ id, status }) => {
      await client.cancelQueries({ queryKey: bookingKeys.lists });
      const before = client.getQueriesData<ListData>({ queryKey: bookingKeys.lists });
      patchLists(client, id, (booking) => ({ ...booking, status }));
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSuccess: (updated) => patchLists(client, updated.id, (booking) => ({ ...booking, ...updated })),
    onSettled: (_data, _error, { id }) => {
      void client.invalidateQueries({ queryKey: bookingKeys.stats });
      void client.invalidateQueries({ queryKey: bookingKeys.details(id) });
    },
  });
}

export function usePaymentUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payment_status, note }: { id: string; payment_status: 'pending' | 'paid' | 'refunded'; note?: string }) =>
      adminRequest(`/bookings/${id}/payment`, adminBookingSchema, { method: 'PATCH', body: { payment_status, ...(note ? { note } : {}) } }),
    onMutate: async ({ id, payment_status }) => {
      await client.cancelQueries({ queryKey: bookingKeys.lists });
      const before = client.getQueriesData<ListData>({ queryKey: bookingKeys.lists });
      patchLists(client, id, (booking) => ({ ...booking, payment_status }));
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: (_data, _error, { id }) => void client.invalidateQueries({ queryKey: bookingKeys.details(id) }),
  });
}

const createdSchema = z.object({ booking: adminBookingSchema, bookingReference: z.string() });

export function useCreateStaffBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: CreateStaffBookingRequest; key: string }) =>
      adminRequest('/bookings/admin', createdSchema, { method: 'POST', body: request, idempotencyKey: key }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

/** The public catalogue lists (GET /cottages, GET /packages) are arrays. */
const catalogueSchema = z.array(z.looseObject({ id: z.string(), name: z.string(), type: z.optional(z.string()) }));
const villaSchema = z.pipe(
  catalogueSchema,
  z.transform((items: z.infer<typeof catalogueSchema>) => items.map((item) => ({ id: item.type ?? item.id, name: item.name }))),
);

/** What the phone booking form offers: the villa types and the packages guests can book. */
export function useBookableCatalogue() {
  const villas = useQuery({ queryKey: ['admin', 'phone-booking', 'villas'], queryFn: ({ signal }) => adminRequest('/cottages', villaSchema, { signal }) });
  const packages = useQuery({
    queryKey: ['admin', 'phone-booking', 'packages'],
    queryFn: ({ signal }) => adminRequest('/packages', catalogueSchema, { signal }),
  });
  return { villas, packages };
}

/** The lines and total of the server's quote (POST /api/packages/calculate-pricing), as a booking would be charged. */
const phoneQuoteSchema = z.object({ lines: z.array(z.object({ label: z.string(), amount: z.number() })), total: z.number() });

/** The price of a phone booking before it is made: the guest site's own quote for the stay. */
export const usePhoneQuote = (request: StayQuoteRequest | undefined) =>
  useQuery({
    queryKey: ['admin', 'phone-booking', 'quote', request],
    queryFn: ({ signal }) => adminRequest('/packages/calculate-pricing', phoneQuoteSchema, { method: 'POST', body: request, signal }),
    enabled: request !== undefined,
    staleTime: 60_000,
  });
