import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StayQuoteRequest } from '@shared/quote';
import { apiRequest } from '@/lib/api-client';
import { quoteSchema } from './schemas';

/**
 * POST /api/packages/calculate-pricing with the full stay: the same quote a booking is charged
 * (villa, extra guests, package, safaris, rules, GST, fee). One cache entry per stay and choice.
 */
export const getStayQuoteQueryOptions = (request: StayQuoteRequest) =>
  queryOptions({
    queryKey: ['stay-quote', request] as const,
    queryFn: ({ signal }) => apiRequest('/packages/calculate-pricing', quoteSchema, { method: 'POST', body: request, signal }),
    staleTime: 60_000,
  });

export const useStayQuote = (request: StayQuoteRequest | undefined) =>
  useQuery({ ...getStayQuoteQueryOptions(request ?? emptyRequest), enabled: request !== undefined });

const emptyRequest: StayQuoteRequest = { cottageType: '', checkIn: '', checkOut: '', adults: 1, children: 0, rooms: 1, selectedSafaris: [] };
