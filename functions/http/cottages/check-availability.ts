import { availabilityRequestSchema } from '../../../shared/availability-request.ts';
import { quoteStay } from '../../../shared/quote.ts';
import {
  hasProblems,
  nightsBetween,
  notAvailableMessage,
  resortToday,
  stayLimits,
  stayMessages,
  stayProblems,
  tooFewVillasMessage,
} from '../../../shared/stay.ts';
import { fields, idField } from '../../../shared/validation.ts';
import { alternativeDates, freeUnits, suggestedVillas } from '../../lib/bookings/availability.ts';
import { resolveStay } from '../../lib/bookings/bookable.ts';
import { mostPerRoom, roomsFor } from '../../lib/catalogue/guest-stay-kinds.ts';
import { listPricingRules } from '../../lib/db/pricing-rules.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import { recordActivity } from '../../lib/activity.ts';

/** POST /api/cottages/{id}/availability: is a villa free for these dates, at what price, and if not, what is. */
export const handler = publicRoute(
  'check-availability',
  { params: fields({ id: idField('id') }), body: availabilityRequestSchema },
  async ({ params, body }) => {
    const now = Date.now();
    const stay = await resolveStay(params.id);
    const { units } = stay;
    const [unit] = units;
    const today = resortToday(new Date(now));
    // The form sends one guest count; the party limits (8 adults, 6 children) are checked at booking.
    const party = { adults: Math.min(body.guests, stayLimits.adults.max), children: Math.max(0, body.guests - stayLimits.adults.max) };
    const problems = stayProblems({ ...body, ...party }, today, mostPerRoom(stay));
    if (hasProblems(problems)) throw badRequest(stayMessages.fixErrors, problems);

    const [free, rules] = await Promise.all([freeUnits(units, body.checkIn, body.checkOut, now), listPricingRules()]);
    const rooms = roomsFor(free, body.rooms, body.guests);
    const available = rooms !== undefined;
    const quote = quoteStay({
      checkIn: body.checkIn,
      checkOut: body.checkOut,
      adults: body.guests,
      children: 0,
      rooms: body.rooms,
      cottage: rooms?.[0] ?? unit,
      safaris: [],
      rules,
    });
    await recordActivity('availability-check', { cottageType: unit.type, guests: body.guests, checkIn: body.checkIn, checkOut: body.checkOut, available });

    const common = {
      available,
      cottage: { id: (rooms?.[0] ?? unit).id, name: unit.name, type: unit.type, base_price: unit.base_price, max_guests: mostPerRoom(stay) },
      totalPrice: quote.villa.amount,
      priceBreakdown: {
        basePrice: unit.base_price,
        nights: quote.nights,
        guestMultiplier: quote.villa.guestMultiplier,
        extraGuestCost: quote.villa.extraGuestCost,
        discount: quote.villa.discount,
      },
      quote,
    };
    if (available) return { ...common, message: 'Villa is available for your dates!', alternativeDates: [], suggestedVillas: [] };
    if (body.rooms > units.length) {
      // More rooms than the type has units: no date helps. Say so, and offer what is possible.
      const most = units.length;
      const fits = roomsFor(units, most, body.guests) !== undefined;
      const suggestions = await suggestedVillas(
        unit.type,
        { checkIn: body.checkIn, checkOut: body.checkOut, guests: body.guests, rooms: body.rooms },
        rules,
        now,
      );
      return {
        ...common,
        ...(fits ? { maxRooms: most } : {}),
        message: tooFewVillasMessage(unit.name, most, body.rooms, fits),
        alternativeDates: [],
        suggestedVillas: suggestions,
      };
    }
    const nights = nightsBetween(body.checkIn, body.checkOut);
    const [alternatives, suggestions] = await Promise.all([
      alternativeDates(units, body.checkIn, nights, { rooms: body.rooms, guests: body.guests }, today, now),
      suggestedVillas(unit.type, { checkIn: body.checkIn, checkOut: body.checkOut, guests: body.guests, rooms: body.rooms }, rules, now),
    ]);
    return { ...common, message: notAvailableMessage(unit.name), alternativeDates: alternatives, suggestedVillas: suggestions };
  },
);
