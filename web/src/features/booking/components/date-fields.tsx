import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { localizeMessage, useT } from '@/i18n/i18n';
import { formatLongDate } from '@/lib/format';
import { preloadable } from '@/lib/preloadable';
import { whenIdle } from '@/lib/when-idle';
import type { Editing } from './stay-calendar';

const CalendarDialog = preloadable(() => import('./calendar-dialog'));

type DateFieldsProps = {
  villa: string;
  today: string;
  checkIn: string;
  checkOut: string;
  errors: { checkIn?: string[]; checkOut?: string[] };
  onChange: (dates: { checkIn: string; checkOut: string }) => void;
  /** The guest opened the calendar. */
  onOpen?: () => void;
};

/**
 * Check-in and check-out as two fields showing 'MMMM d, yyyy'; either opens the price calendar.
 * The calendar is its own chunk, fetched with the chosen villa's first months of nights once step 1
 * has painted and the page is idle, and again at once whenever the guest chooses another villa (the
 * calendar is what they open next): the calendar opens with its prices, and the villas' pictures
 * (the largest paint) do not wait for it.
 */
export function DateFields({ villa, today, checkIn, checkOut, errors, onChange, onOpen }: DateFieldsProps) {
  const [editing, setEditing] = useState<Editing | undefined>();
  const queryClient = useQueryClient();
  const t = useT();
  // The villa the page opened with waits for idle (the first screen); one the guest chooses, not.
  const openedWith = useRef(villa);
  useEffect(() => {
    const firstScreen = villa === openedWith.current;
    const warm = () =>
      void CalendarDialog.load()
        .then(({ prefetchCalendarNights }) => (villa ? prefetchCalendarNights(queryClient, villa, { today, checkIn }) : undefined))
        .catch(() => undefined);
    return whenIdle(warm, firstScreen ? undefined : 0);
    // The nights follow the villa; a new check-in is fetched by the calendar it was picked in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [villa, queryClient]);

  const field = (which: Editing, label: string, value: string) => {
    const messages = errors[which] ?? [];
    const errorId = `${which}-error`;
    return (
      <div className={`date-field${messages.length ? ' date-field--invalid' : ''}`}>
        <span className="field__label" id={`${which}-label`}>
          {label}
        </span>
        <button
          type="button"
          id={which}
          className="date-field__button"
          aria-haspopup="dialog"
          aria-labelledby={`${which}-label ${which}`}
          aria-describedby={messages.length ? errorId : undefined}
          aria-invalid={messages.length > 0}
          onClick={() => {
            setEditing(which === 'checkOut' && !checkIn ? 'checkIn' : which);
            onOpen?.();
          }}
        >
          <span className="date-field__icon" aria-hidden="true">
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M3 10h18M8 3v4M16 3v4" />
            </svg>
          </span>
          <span className={value ? '' : 'date-field__placeholder'}>{value ? formatLongDate(value) : t('Add date')}</span>
        </button>
        {messages.length > 0 && (
          <p className="field__error" id={errorId}>
            {messages.map(localizeMessage).join(' ')}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="date-fields">
      {field('checkIn', t('Check-in'), checkIn)}
      {field('checkOut', t('Check-out'), checkOut)}
      {editing && (
        <Suspense
          fallback={
            <span className="visually-hidden" role="status">
              {t('Loading the calendar...')}
            </span>
          }
        >
          <CalendarDialog
            villa={villa}
            today={today}
            checkIn={checkIn}
            checkOut={checkOut}
            editing={editing}
            onEditingChange={setEditing}
            onChange={onChange}
          />
        </Suspense>
      )}
    </div>
  );
}
