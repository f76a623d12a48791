import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { cottageSchema } from '@shared/catalogue-schemas';
import { apiRequest } from '@/lib/api-client';
import { takeEarlyAnswer } from '@/lib/early-answers';

const cottageListSchema = z.array(cottageSchema);

/** The villas guests can book; the same factory serves the hook and any prefetch. */
export const getCottagesQueryOptions = () =>
  queryOptions({
    queryKey: ['cottages'] as const,
    queryFn: ({ signal }) => apiRequest('/cottages', cottageListSchema, { signal, early: takeEarlyAnswer('/cottages') }),
  });

/** The villas guests can book, loaded once when step 1 opens (docs/product.md#step-1-dates-and-villa). */
export const useCottages = () => useQuery(getCottagesQueryOptions());
