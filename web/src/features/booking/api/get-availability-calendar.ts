import { queryOptions, useQueries } from '@tanstack/react-query';
import { addDaysIso } from '@shared/stay';
import { apiRequest } from '@/lib/api-client';
import { availabilityCalendarSchema, type CalendarNight } from './schemas';

/** 'yyyy-mm' of a yyyy-mm-dd date. */
export const monthOf = (isoDate: string): string => isoDate.slice(0, 7);

/** First and last day of a 'yyyy-mm' month. */
function monthRange(month: string): { startDate: string; endDate: string } {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const next = index === 12 ? `${year + 1}-01-01` : `${year}-${String(index + 1).padStart(2, '0')}-01`;
  return { startDate: `${month}-01`, endDate: addDaysIso(next, -1) };
}

/** One month of nights of a villa type: free units and the night's price. Cached per villa and month. */
export const getAvailabilityCalendarQueryOptions = (villa: string, month: string) =>
  queryOptions({
    queryKey: ['availability-calendar', villa, month] as const,
    queryFn: ({ signal }) => {
      const { startDate, endDate } = monthRange(month);
      const query = new URLSearchParams({ startDate, endDate });
      return apiRequest(`/cottages/${encodeURIComponent(villa)}/availability?${query}`, availabilityCalendarSchema, { signal });
    },
    staleTime: 60_000,
  });

type CalendarNights = { nights: Map<string, CalendarNight>; isPending: boolean; isError: boolean };

/**
 * The months' answers as one: a function of the module, not of the render, so the query keeps its
 * result (the same `nights`) from render to render until an answer changes.
 */
const combineMonths = (results: ReadonlyArray<{ data?: { nights: CalendarNight[] }; isPending: boolean; isError: boolean }>): CalendarNights => ({
  nights: new Map(results.flatMap((result) => result.data?.nights ?? []).map((night) => [night.date, night])),
  isPending: results.some((result) => result.isPending),
  isError: results.some((result) => result.isError),
});

/** The nights of several months by date, and whether any month is still loading. */
export function useCalendarNights(villa: string, months: readonly string[]): CalendarNights {
  return useQueries({
    queries: villa ? months.map((month) => getAvailabilityCalendarQueryOptions(villa, month)) : [],
    combine: combineMonths,
  });
}
