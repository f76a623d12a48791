import * as z from 'zod';
import { safariSelectionSchema } from '../../../shared/booking.ts';
import { packageBasePrice, packagePrice, quoteStay } from '../../../shared/quote.ts';
import { hasProblems, resortToday, stayProblems, isIsoDate } from '../../../shared/stay.ts';
import { bookablePackage, bookableSafari, resolveUnits } from '../../lib/bookings/catalogue.ts';
import { listPricingRules } from '../../lib/db/pricing-rules.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/handler.ts';

const date = z.string().refine(isIsoDate, 'Dates look like 2026-12-24');

/** The spec's payload (package, guests, nights) prices the package alone... */
const packageOnly = z.object({ packageId: z.string().min(1), guests: z.number().int().min(1).max(14), nights: z.number().int().min(1).max(30) });
/** ...and the full stay prices villa, package, safaris, rules, GST and fee: the same quote a booking is charged. */
const fullStay = z.object({
  cottageType: z.string().min(1),
  checkIn: date,
  checkOut: date,
  adults: z.number().int(),
  children: z.number().int().default(0),
  rooms: z.number().int().default(1),
  packageId: z.string().min(1).optional(),
  selectedSafaris: z.array(safariSelectionSchema.required()).max(12).default([]),
});

export const handler = httpRoute({ body: z.union([fullStay, packageOnly], { error: 'Send packageId, guests and nights, or a full stay (cottageType, checkIn, checkOut, adults)' }) }, async ({ body }) => {
  if (!('cottageType' in body)) {
    const stayPackage = await bookablePackage(body.packageId);
    return { packageId: stayPackage.id, basePrice: packageBasePrice(stayPackage.price_multiplier), guests: body.guests, nights: body.nights, price: packagePrice(stayPackage.price_multiplier, body.guests, body.nights, stayPackage.min_guests) };
  }
  const [units, stayPackage, safaris, rules] = await Promise.all([
    resolveUnits(body.cottageType),
    body.packageId ? bookablePackage(body.packageId) : Promise.resolve(undefined),
    Promise.all(body.selectedSafaris.map((selection) => bookableSafari(selection.safariId))),
    listPricingRules(),
  ]);
  const [unit] = units;
  const problems = stayProblems(body, resortToday(), unit.max_guests);
  if (hasProblems(problems)) throw badRequest(Object.values(problems)[0]?.[0] ?? 'Invalid stay', problems);
  return quoteStay({
    ...body,
    cottage: unit,
    ...(stayPackage ? { stayPackage } : {}),
    safaris: body.selectedSafaris.map((selection, index) => ({ id: selection.safariId, name: safaris[index]?.name ?? '', price: safaris[index]?.price ?? 0, date: selection.date, timeSlot: selection.timeSlot, guests: selection.guests })),
    rules,
  });
});
