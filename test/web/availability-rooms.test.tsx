import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AvailabilityResultBox from '@/features/booking/components/availability-result';
import { ok, stubFetch } from './support/app-harness';
import { available, checkIn, checkOut } from './support/wizard-harness';

afterEach(() => vi.unstubAllGlobals());

describe('more rooms than the villa type has (step 1)', () => {
  it('offers the rooms the villa has, one tap away, instead of dates that could not help', async () => {
    stubFetch([{ method: 'GET', path: /\/availability$/, answer: () => ok({ nights: [] }) }]);
    const onRooms = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AvailabilityResultBox
          result={{ ...available, available: false, maxRooms: 1, alternativeDates: [], suggestedVillas: [] }}
          villa="kingfisher-villa"
          checkIn={checkIn}
          checkOut={checkOut}
          guests={2}
          onDates={vi.fn()}
          onVilla={vi.fn()}
          onRooms={onRooms}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'What this villa can take' })).toBeTruthy();
    expect(screen.queryByText(/No nearby dates or other villas are free/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Book 1 room/ }));
    expect(onRooms).toHaveBeenCalledWith(1);
  });
});
