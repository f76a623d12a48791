import { formatInr } from '@shared/money';
import { PriceNote } from '@/components/price-note';
import { useCalendarNights } from '../api/get-availability-calendar';
import type { AvailabilityResult } from '../api/schemas';
import { monthsBetween } from '../model/dates';
import { formatShortDate, plural } from '@/lib/format';

type Props = {
  result: AvailabilityResult;
  villa: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  onDates: (dates: { checkIn: string; checkOut: string }) => void;
  onVilla: (villa: string) => void;
  onRooms: (rooms: number) => void;
};

/** 'Last villa of this type for these dates', only when the calendar says so: honest urgency, nothing invented. */
function useLastUnit(villa: string, checkIn: string, checkOut: string): boolean {
  const { nights } = useCalendarNights(villa, checkIn && checkOut ? monthsBetween(checkIn, checkOut) : []);
  const stay = [...nights.values()].filter((night) => night.date >= checkIn && night.date < checkOut);
  return stay.length > 0 && Math.min(...stay.map((night) => night.freeUnits)) === 1;
}

/** The availability answer: the price of a free villa, or the nearest free dates and the other villas, one tap each. */
export default function AvailabilityResultBox({ result, villa, checkIn, checkOut, guests, onDates, onVilla, onRooms }: Props) {
  const lastUnit = useLastUnit(villa, checkIn, checkOut);
  if (result.available) {
    const breakdown = result.priceBreakdown;
    return (
      <div className="result result--available" data-testid="availability-result">
        <div className="result__headline">
          <span className="result__total">
            {formatInr(result.totalPrice)}
            <PriceNote rupees={result.totalPrice} />
          </span>
          <span className="muted">
            total for {plural(breakdown.nights, 'night')} · {formatInr(result.quote.total)} with GST and service fee
          </span>
        </div>
        {lastUnit && <p className="result__urgency">Last villa of this type for these dates</p>}
        <dl className="result__facts">
          <div>
            <dt>Base price</dt>
            <dd>{formatInr(breakdown.basePrice)} / night</dd>
          </div>
          <div>
            <dt>Nights</dt>
            <dd>{breakdown.nights}</dd>
          </div>
          <div>
            <dt>Guests</dt>
            <dd>{guests}</dd>
          </div>
          <div>
            <dt>Guest multiplier</dt>
            <dd>×{breakdown.guestMultiplier}</dd>
          </div>
          <div>
            <dt>Extra guest cost</dt>
            <dd>{formatInr(breakdown.extraGuestCost)}</dd>
          </div>
          {breakdown.discount ? (
            <div>
              <dt>Discount</dt>
              <dd>−{formatInr(breakdown.discount)}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    );
  }
  return (
    <div className="result result--unavailable" data-testid="availability-result">
      {result.maxRooms ? (
        <section aria-labelledby="fewer-rooms">
          <h3 id="fewer-rooms">What this villa can take</h3>
          <ul className="choice-list">
            <li>
              <button type="button" className="choice" onClick={() => onRooms(result.maxRooms ?? 1)}>
                <span>{plural(result.maxRooms, 'room')} of this villa</span>
                <span className="choice__action">Book {plural(result.maxRooms, 'room')}</span>
              </button>
            </li>
          </ul>
        </section>
      ) : null}
      {result.alternativeDates.length > 0 && (
        <section aria-labelledby="alternative-dates">
          <h3 id="alternative-dates">Nearest free dates</h3>
          <ul className="choice-list">
            {result.alternativeDates.map((dates) => (
              <li key={dates.checkIn}>
                <button type="button" className="choice" onClick={() => onDates(dates)}>
                  <span>
                    {formatShortDate(dates.checkIn)} – {formatShortDate(dates.checkOut)}
                  </span>
                  <span className="choice__action">Use these dates</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.suggestedVillas.length > 0 && (
        <section aria-labelledby="alternative-villas">
          <h3 id="alternative-villas">Free for your dates</h3>
          <ul className="choice-list">
            {result.suggestedVillas.map((suggestion) => (
              <li key={suggestion.type}>
                <button type="button" className="choice" onClick={() => onVilla(suggestion.type)}>
                  <span>
                    <strong>{suggestion.name}</strong> · {formatInr(suggestion.price)} / night · {formatInr(suggestion.totalPrice)} in all
                    <PriceNote rupees={suggestion.totalPrice} />
                  </span>
                  <span className="choice__action">Choose this villa</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.alternativeDates.length === 0 && result.suggestedVillas.length === 0 && !result.maxRooms && (
        <p>No nearby dates or other villas are free for this party. Please try other dates.</p>
      )}
    </div>
  );
}
