import type { Cottage } from '../../../shared/catalogue.ts';
import { bestRule, discounted, type PricingRule } from '../../../shared/pricing-rules.ts';
import { quoteStay } from '../../../shared/quote.ts';
import { addDaysIso, nightsBetween, stayLimits, stayNights } from '../../../shared/stay.ts';
import { offeredStays, roomsFor } from '../catalogue/guest-stay-kinds.ts';
import { takenNights } from '../db/inventory.ts';

/** Units free for every night of the stay. */
export async function freeUnits(units: Cottage[], checkIn: string, checkOut: string, now: number): Promise<Cottage[]> {
  const nights = stayNights(checkIn, checkOut);
  const taken = await Promise.all(units.map((unit) => takenNights(unit.id, nights[0] ?? checkIn, nights[nights.length - 1] ?? checkIn, now)));
  return units.filter((_, index) => nights.every((night) => !taken[index]?.has(night)));
}

/**
 * The nearest free windows of the same length (earlier or later, closest first), searching two
 * weeks back and a month ahead of the asked check-in, never before today or beyond a year: windows
 * where enough units are free to hold the party in its rooms (a free unit too small does not count).
 */
export async function alternativeDates(
  units: Cottage[],
  checkIn: string,
  nights: number,
  party: { rooms: number; guests: number },
  today: string,
  now: number,
  limit = 3,
) {
  const from = [addDaysIso(checkIn, -14), today].sort().at(-1) ?? today;
  const lastStart = [addDaysIso(checkIn, 30), addDaysIso(today, stayLimits.maxDaysAhead)].sort()[0] ?? checkIn;
  if (from > lastStart) return [];
  const taken = await Promise.all(units.map((unit) => takenNights(unit.id, from, addDaysIso(lastStart, nights), now)));
  const starts: string[] = [];
  for (let date = from; date <= lastStart; date = addDaysIso(date, 1)) if (date !== checkIn) starts.push(date);
  starts.sort((a, b) => Math.abs(nightsBetween(checkIn, a)) - Math.abs(nightsBetween(checkIn, b)) || a.localeCompare(b));
  const windows: Array<{ checkIn: string; checkOut: string }> = [];
  for (const start of starts) {
    const stay = stayNights(start, addDaysIso(start, nights));
    const free = units.filter((_, index) => stay.every((night) => !taken[index]?.has(night)));
    if (roomsFor(free, party.rooms, party.guests)) windows.push({ checkIn: start, checkOut: addDaysIso(start, nights) });
    if (windows.length >= limit) break;
  }
  return windows;
}

/** Other villa types free for the same dates and party, with what they would cost. */
export async function suggestedVillas(
  exclude: string,
  stay: { checkIn: string; checkOut: string; guests: number; rooms: number },
  rules: readonly PricingRule[],
  now: number,
) {
  const others = (await offeredStays()).filter((other) => other.type.id !== exclude && roomsFor(other.units, stay.rooms, stay.guests));
  const suggestions = [];
  for (const { type, units } of others) {
    const rooms = roomsFor(await freeUnits(units, stay.checkIn, stay.checkOut, now), stay.rooms, stay.guests);
    const unit = rooms?.[0];
    if (!unit) continue;
    const quote = quoteStay({ ...stay, adults: stay.guests, children: 0, cottage: unit, safaris: [], rules });
    suggestions.push({
      type: type.id,
      id: unit.id,
      name: unit.name,
      price: unit.base_price,
      totalPrice: quote.villa.amount,
      maxGuests: Math.max(...units.map((other) => other.max_guests)),
      image: unit.images[0],
    });
  }
  return suggestions.sort((a, b) => a.totalPrice - b.totalPrice);
}

/** Per night: how many units are free and the night's price (rules that apply to a one-night stay). */
export async function availabilityCalendar(units: Cottage[], startDate: string, endDate: string, rules: readonly PricingRule[], now: number) {
  const nights = stayNights(startDate, addDaysIso(endDate, 1));
  const taken = await Promise.all(units.map((unit) => takenNights(unit.id, startDate, endDate, now)));
  const reference = units[0];
  return nights.map((date) => {
    const free = taken.filter((set) => !set.has(date)).length;
    const rule = reference ? bestRule(rules, { serviceType: 'cottage', targets: [reference.type, reference.id], date, nights: 1 }) : undefined;
    const base = reference?.base_price ?? 0;
    return { date, freeUnits: free, totalUnits: units.length, available: free > 0, price: rule ? discounted(base, rule.discount_percentage) : base };
  });
}
