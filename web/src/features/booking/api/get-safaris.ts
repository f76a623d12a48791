import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { safariSchema, safariSlotsSchema } from './schemas';

const safariListSchema = z.array(safariSchema);

/** The active safaris (step 3); prefetched from step 2. */
export const getSafarisQueryOptions = () =>
  queryOptions({
    queryKey: ['safaris'] as const,
    queryFn: ({ signal }) => apiRequest('/safaris', safariListSchema, { signal }),
  });

export const useSafaris = () => useQuery(getSafarisQueryOptions());

/** Seats left on each time slot of a safari on one date. */
export const getSafariSlotsQueryOptions = (safariId: string, date: string) =>
  queryOptions({
    queryKey: ['safari-slots', safariId, date] as const,
    queryFn: ({ signal }) => apiRequest(`/safaris/${encodeURIComponent(safariId)}/slots/${date}`, safariSlotsSchema, { signal }),
    staleTime: 15_000,
  });

export const useSafariSlots = (safariId: string, date: string) => useQuery({ ...getSafariSlotsQueryOptions(safariId, date), enabled: date !== '' });
