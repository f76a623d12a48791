import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { DayPicker, type DayButtonProps, type DayPickerLocale } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatInr } from '@shared/money';
import { addDaysIso, nightsBetween, stayMessages } from '@shared/stay';
import { useCalendarNights } from '../api/get-availability-calendar';
import type { CalendarNight } from '../api/schemas';
import { fromIso, lastBookableDay, latestCheckOut, toIso } from '../model/dates';
import { countOf, formatCompactInr, formatLongDate } from '@/lib/format';
import '@/i18n/english/calendar';
import { localizeMessage, useLocale, useT } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import './stay-calendar.css';

export type Editing = 'checkIn' | 'checkOut';

type StayCalendarProps = {
  villa: string;
  today: string;
  checkIn: string;
  checkOut: string;
  editing: Editing;
  onEditingChange: (editing: Editing) => void;
  onChange: (dates: { checkIn: string; checkOut: string }) => void;
  onDone: () => void;
};

const wide = '(min-width: 768px)';
const subscribe = (notify: () => void) => {
  const query = window.matchMedia(wide);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
};
const useIsWide = () => useSyncExternalStore(subscribe, () => window.matchMedia(wide).matches);

type DayData = { night: (isoDate: string) => CalendarNight | undefined; today: string; lastDay: string };
const DayDataContext = createContext<DayData>({ night: () => undefined, today: '', lastDay: '' });

/** A day of the picker: its number and, below it, the night's price or 'Sold'. Keeps DayPicker's roving focus. */
function DayButton({ day, modifiers, children: _children, ...buttonProps }: DayButtonProps) {
  const { night, today, lastDay } = useContext(DayDataContext);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const iso = toIso(day.date);
  const entry = night(iso);
  const showPrice = entry && !modifiers.outside && iso >= today && iso <= lastDay;
  const t = useT();
  return (
    <button ref={ref} {...buttonProps}>
      <span className="stay-day__number">{day.date.getDate()}</span>
      <span className="stay-day__price" aria-hidden="true">
        {showPrice ? (entry.available ? formatCompactInr(entry.price) : t('Sold')) : '\u00a0'}
      </span>
    </button>
  );
}

/** DayPicker's own words and date-fns' month and weekday names of a language other than English, fetched when it is chosen. */
const pickerLocales: Partial<Record<Locale, () => Promise<Partial<DayPickerLocale>>>> = {
  hi: () => import('react-day-picker/locale/hi').then((module) => module.hi),
};

/** The picker's locale for the guest's language: undefined (DayPicker's English) until another's has come. */
function usePickerLocale(): Partial<DayPickerLocale> | undefined {
  const locale = useLocale();
  const [loaded, setLoaded] = useState<{ locale: Locale; value: Partial<DayPickerLocale> }>();
  useEffect(() => {
    let current = true;
    pickerLocales[locale]?.()
      .then((value) => {
        if (current) setLoaded({ locale, value });
      })
      .catch((error: unknown) => console.warn('Could not load the calendar in this language', error));
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded?.locale === locale ? loaded.value : undefined;
}

const monthKey = (date: Date) => toIso(date).slice(0, 7);
const addMonths = (date: Date, count: number) => new Date(date.getFullYear(), date.getMonth() + count, 1);

/** The months whose nights the calendar fetches when it shows `shown` months from `first`: those, and the one after (a stay may run past the month end). */
export const fetchedMonthsFrom = (first: Date, shown: number): string[] => Array.from({ length: shown + 1 }, (_, index) => monthKey(addMonths(first, index)));

/** The month the calendar opens on: the check-in's when there is one (the check-out's month follows it), else the resort's today. */
export const openingMonth = ({ today, checkIn }: { today: string; checkIn: string }): Date => fromIso(checkIn || today);

/**
 * The range picker (react-day-picker): each night's price under its day, sold-out nights struck
 * through and not selectable, the cheapest nights of the months shown quietly marked. The first tap
 * picks check-in, the next check-out (at least one night, at most 30, no sold-out night between).
 */
export default function StayCalendar({ villa, today, checkIn, checkOut, editing, onEditingChange, onChange, onDone }: StayCalendarProps) {
  const isWide = useIsWide();
  const t = useT();
  const pickerLocale = usePickerLocale();
  const months = isWide ? 2 : 1;
  const [month, setMonth] = useState(() => openingMonth({ today, checkIn }));
  const fetchedMonths = useMemo(() => fetchedMonthsFrom(month, months), [month, months]);
  const calendar = useCalendarNights(villa, fetchedMonths);
  const lastDay = lastBookableDay(today);

  const night = (isoDate: string): CalendarNight | undefined => calendar.nights.get(isoDate);
  const isSoldOut = (isoDate: string) => night(isoDate)?.available === false && isoDate >= today;

  const cheapest = useMemo(() => {
    const prices = [...calendar.nights.values()].filter((entry) => entry.available && entry.date >= today).map((entry) => entry.price);
    const low = Math.min(...prices);
    return prices.length > 0 && low < Math.max(...prices) ? low : undefined;
  }, [calendar.nights, today]);

  const choosingCheckOut = editing === 'checkOut' && checkIn !== '';
  const latest = choosingCheckOut ? latestCheckOut(checkIn, isSoldOut) : lastDay;
  const disabled = choosingCheckOut
    ? (date: Date) => {
        const iso = toIso(date);
        // An earlier free day starts the stay again; later than the latest check-out cannot end it.
        if (iso <= checkIn) return iso < today || isSoldOut(iso);
        return iso > latest;
      }
    : (date: Date) => {
        const iso = toIso(date);
        return iso < today || iso > lastDay || isSoldOut(iso);
      };

  // Tapping the check-in day again as the check-out: the stay would have no night, so say why nothing ended it.
  const [tooShort, setTooShort] = useState(false);
  function select(day: Date) {
    const iso = toIso(day);
    setTooShort(choosingCheckOut && iso === checkIn);
    if (!choosingCheckOut || iso <= checkIn) {
      const keepCheckOut = checkOut > iso && checkOut <= latestCheckOut(iso, isSoldOut);
      onChange({ checkIn: iso, checkOut: keepCheckOut && editing === 'checkIn' ? checkOut : '' });
      onEditingChange('checkOut');
      return;
    }
    onChange({ checkIn, checkOut: iso });
    onDone();
  }

  const nights = checkIn && checkOut ? nightsBetween(checkIn, checkOut) : 0;
  const dayData: DayData = { night, today, lastDay };
  return (
    <div className="stay-calendar">
      <div className="stay-calendar__fields" role="group" aria-label={t('Dates of your stay')}>
        <button type="button" className="stay-calendar__field" aria-pressed={editing === 'checkIn'} onClick={() => onEditingChange('checkIn')}>
          <span className="stay-calendar__label">{t('Check-in')}</span>
          <span>{checkIn ? formatLongDate(checkIn) : t('Add date')}</span>
        </button>
        <button
          type="button"
          className="stay-calendar__field"
          aria-pressed={editing === 'checkOut'}
          disabled={!checkIn}
          onClick={() => onEditingChange('checkOut')}
        >
          <span className="stay-calendar__label">{t('Check-out')}</span>
          <span>{checkOut ? formatLongDate(checkOut) : t('Add date')}</span>
        </button>
      </div>
      <p className="stay-calendar__hint" aria-live="polite">
        {tooShort && choosingCheckOut && <strong className="stay-calendar__too-short">{t('{rule}.', { rule: localizeMessage(stayMessages.minStay) })} </strong>}
        {editing === 'checkIn' || !checkIn
          ? t('Choose your check-in date')
          : t('Choose your check-out date (at least {date})', { date: formatLongDate(addDaysIso(checkIn, 1)) })}
        {!villa && t(' · choose a villa to see nightly prices')}
      </p>
      <DayDataContext.Provider value={dayData}>
        <DayPicker
          mode="range"
          locale={pickerLocale}
          selected={checkIn ? { from: fromIso(checkIn), to: checkOut ? fromIso(checkOut) : undefined } : undefined}
          onSelect={(_range, triggerDate) => select(triggerDate)}
          month={month}
          onMonthChange={setMonth}
          numberOfMonths={months}
          captionLayout="dropdown"
          startMonth={fromIso(today)}
          endMonth={fromIso(lastDay)}
          disabled={disabled}
          modifiers={{
            soldOut: (date: Date) => isSoldOut(toIso(date)),
            cheapest: (date: Date) => {
              const entry = night(toIso(date));
              return cheapest !== undefined && entry?.available === true && entry.price === cheapest && entry.date >= today;
            },
          }}
          modifiersClassNames={{ soldOut: 'stay-day--sold-out', cheapest: 'stay-day--cheapest' }}
          labels={{
            labelDayButton: (date, modifiers) => {
              const entry = night(toIso(date));
              const day = formatLongDate(toIso(date));
              const label = entry
                ? entry.available
                  ? t('{date}, {price} per night', { date: day, price: formatInr(entry.price) })
                  : t('{date}, sold out', { date: day })
                : day;
              return modifiers.selected ? t('{label}, selected', { label }) : label;
            },
          }}
          components={{ DayButton }}
          autoFocus
          footer={
            calendar.isError ? (
              <p className="stay-calendar__note">{t('Nightly prices could not be loaded; you can still choose dates.')}</p>
            ) : cheapest !== undefined ? (
              <p className="stay-calendar__note">
                <span className="stay-calendar__swatch" aria-hidden="true" /> {t('Lowest nightly price shown')}
              </p>
            ) : undefined
          }
        />
      </DayDataContext.Provider>
      <div className="stay-calendar__actions">
        <p className="stay-calendar__summary" aria-live="polite">
          {nights > 0 ? `${formatLongDate(checkIn)} – ${formatLongDate(checkOut)} · ${countOf('nights', nights)}` : '\u00a0'}
        </p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            onChange({ checkIn: '', checkOut: '' });
            onEditingChange('checkIn');
          }}
        >
          {t('Clear dates')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('Done')}
        </button>
      </div>
    </div>
  );
}
