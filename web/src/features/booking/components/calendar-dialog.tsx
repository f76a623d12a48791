import type { QueryClient } from '@tanstack/react-query';
import { Dialog } from '@/components/dialog';
import '@/i18n/english/calendar';
import { useT } from '@/i18n/i18n';
import { getAvailabilityCalendarQueryOptions } from '../api/get-availability-calendar';
import StayCalendar, { fetchedMonthsFrom, openingMonth, type Editing } from './stay-calendar';

/**
 * Fetches the nights the calendar asks for first when it opens on `villa` (the months a laptop
 * shows, which cover a phone's), so that it opens with its prices. A failure is left to the
 * calendar, which asks again and shows it.
 */
export function prefetchCalendarNights(queryClient: QueryClient, villa: string, dates: { today: string; checkIn: string }): Promise<void> {
  return Promise.all(
    fetchedMonthsFrom(openingMonth(dates), 2).map((month) => queryClient.prefetchQuery(getAvailabilityCalendarQueryOptions(villa, month))),
  ).then(() => undefined);
}

type CalendarDialogProps = {
  villa: string;
  today: string;
  checkIn: string;
  checkOut: string;
  editing: Editing;
  onEditingChange: (editing: Editing | undefined) => void;
  onChange: (dates: { checkIn: string; checkOut: string }) => void;
};

/** The price calendar in a modal dialog (a bottom sheet on a phone); its own chunk with react-day-picker. */
export default function CalendarDialog({ editing, onEditingChange, ...calendar }: CalendarDialogProps) {
  const t = useT();
  return (
    <Dialog
      open
      title={editing === 'checkOut' ? t('Select check-out date') : t('Select check-in date')}
      onClose={() => onEditingChange(undefined)}
      className="dialog--calendar"
    >
      <StayCalendar {...calendar} editing={editing} onEditingChange={onEditingChange} onDone={() => onEditingChange(undefined)} />
    </Dialog>
  );
}
