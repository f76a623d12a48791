import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cottageSchema } from '../../../../../shared/catalog';
import { apiRequest } from '../../../lib/api-client';

const cottageListSchema = z.array(cottageSchema);

export const cottagesQuery = {
  queryKey: ['cottages'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest('/cottages', cottageListSchema, { signal }),
};

/** The villas guests can book, loaded once when step 1 opens (spec section 4). */
export const useCottages = () => useQuery(cottagesQuery);
