import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StayQuoteRequest } from '@shared/quote';
import { getStayQuoteQueryOptions } from '../api/get-stay-quote';
import { villaAvailable, type Draft } from '../model/draft';
import { isStepValid } from '../model/wizard';

/** The pricing request for the draft as it stands: the stay, the package once it fits, the safaris added. */
export function quoteRequestOf(draft: Draft, change: { packageId?: string | null } = {}): StayQuoteRequest | undefined {
  if (!villaAvailable(draft)) return undefined;
  return stayQuoteRequest(draft, change);
}

/** The same request for a stay whose availability is not known yet (asked for beside the check). */
export function stayQuoteRequest(draft: Draft, change: { packageId?: string | null } = {}): StayQuoteRequest | undefined {
  if (!draft.cottage) return undefined;
  const packageId = change.packageId === null ? undefined : (change.packageId ?? (isStepValid(2, draft) ? draft.packageId : undefined));
  return {
    cottageType: draft.cottage,
    checkIn: draft.checkIn,
    checkOut: draft.checkOut,
    adults: draft.adults,
    children: draft.children,
    rooms: draft.rooms,
    ...(packageId ? { packageId } : {}),
    selectedSafaris: packageId
      ? draft.safaris.map((safari) => ({ safariId: safari.id, date: safari.date, timeSlot: safari.timeSlot, guests: safari.guests }))
      : [],
  };
}

/** The server's quote for the draft, kept on screen while a new one loads (the running total of every step). */
export function useRunningQuote(draft: Draft) {
  const request = quoteRequestOf(draft);
  const query = useQuery({
    ...getStayQuoteQueryOptions(request ?? { cottageType: '', checkIn: '', checkOut: '', adults: 1, children: 0, rooms: 1, selectedSafaris: [] }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
  });
  const quote = request ? (query.data ?? (draft.packageId ? undefined : draft.availability?.quote)) : undefined;
  return { quote, isFetching: query.isFetching, isError: query.isError, refetch: query.refetch };
}
