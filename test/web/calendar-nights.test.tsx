import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { getAvailabilityCalendarQueryOptions, useCalendarNights } from '@/features/booking/api/get-availability-calendar';

const night = (date: string, price: number) => ({ date, freeUnits: 2, totalUnits: 3, available: true, price });

describe('useCalendarNights', () => {
  it('keeps the same nights from render to render until an answer changes, so what is worked out from them is not worked out again', async () => {
    // Prepare: two months already answered
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const months = ['2026-12', '2027-01'];
    client.setQueryData(getAvailabilityCalendarQueryOptions('hornbill-villa', '2026-12').queryKey, {
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      nights: [night('2026-12-31', 18000)],
    });
    client.setQueryData(getAvailabilityCalendarQueryOptions('hornbill-villa', '2027-01').queryKey, {
      startDate: '2027-01-01',
      endDate: '2027-01-31',
      nights: [night('2027-01-01', 21000)],
    });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result, rerender } = renderHook(() => useCalendarNights('hornbill-villa', months), { wrapper });
    const first = result.current.nights;
    expect([...first.keys()]).toEqual(['2026-12-31', '2027-01-01']);
    // Act: the calendar renders again (a tap, a month paged) with nothing new
    rerender();
    rerender();
    // Assess
    expect(result.current.nights).toBe(first);
    // A changed answer gives new nights
    client.setQueryData(getAvailabilityCalendarQueryOptions('hornbill-villa', '2027-01').queryKey, {
      startDate: '2027-01-01',
      endDate: '2027-01-31',
      nights: [night('2027-01-01', 19000)],
    });
    await waitFor(() => expect(result.current.nights.get('2027-01-01')?.price).toBe(19000));
    expect(result.current.nights).not.toBe(first);
  });
});
