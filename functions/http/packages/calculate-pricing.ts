import * as z from 'zod/mini';
import { packageGuestProblem } from '../../../shared/booking-rules.ts';
import { safariSelectionSchema } from '../../../shared/safari-rules.ts';
import { packageBasePrice, packagePrice, quoteStay } from '../../../shared/quote.ts';
import { addProblem, hasProblems, resortToday, stayProblems, isIsoDate } from '../../../shared/stay.ts';
import { bookablePackage, bookableSafari, resolveStay } from '../../lib/bookings/bookable.ts';
import { mostPerRoom } from '../../lib/catalogue/guest-stay-kinds.ts';
import { listPricingRules } from '../../lib/db/pricing-rules.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import { idField, maxLength, wholeNumber } from '../../../shared/validation.ts';

const date = z.string().check(z.refine(isIsoDate, 'Dates look like 2026-12-24'));

/** The short payload (package, guests, nights) prices the package alone (docs/product.md#quote)... */
const packageOnly = z.object({
  packageId: idField('packageId'),
  guests: wholeNumber().check(z.gte(1), z.lte(14)),
  nights: wholeNumber().check(z.gte(1), z.lte(30)),
});
/** ...and the full stay prices villa, package, safaris, rules, GST and fee: the same quote a booking is charged. */
const fullStay = z.object({
  cottageType: idField('cottageType'),
  checkIn: date,
  checkOut: date,
  adults: wholeNumber(),
  children: z._default(wholeNumber(), 0),
  rooms: z._default(wholeNumber(), 1),
  packageId: z.optional(idField('packageId')),
  selectedSafaris: z._default(z.array(z.required(safariSelectionSchema)).check(maxLength(12)), () => []),
});

export const handler = publicRoute(
  'calculate-package-pricing',
  { body: z.union([fullStay, packageOnly], 'Send packageId, guests and nights, or a full stay (cottageType, checkIn, checkOut, adults)') },
  async ({ body }) => {
    if (!('cottageType' in body)) {
      const stayPackage = await bookablePackage(body.packageId);
      // The same guest range booking creation enforces: a package is never quoted for a party it refuses.
      const outsideRange = packageGuestProblem(stayPackage, body.guests);
      if (outsideRange) throw badRequest(outsideRange, { packageId: [outsideRange] });
      return {
        packageId: stayPackage.id,
        basePrice: packageBasePrice(stayPackage.price_multiplier),
        guests: body.guests,
        nights: body.nights,
        price: packagePrice(stayPackage.price_multiplier, body.guests, body.nights, stayPackage.min_guests),
      };
    }
    const [stay, stayPackage, safaris, rules] = await Promise.all([
      resolveStay(body.cottageType),
      body.packageId ? bookablePackage(body.packageId) : Promise.resolve(undefined),
      Promise.all(body.selectedSafaris.map((selection) => bookableSafari(selection.safariId))),
      listPricingRules(),
    ]);
    const [unit] = stay.units;
    const problems = stayProblems(body, resortToday(), mostPerRoom(stay));
    const outsideRange = stayPackage ? packageGuestProblem(stayPackage, body.adults + body.children) : undefined;
    if (outsideRange) addProblem(problems, 'packageId', outsideRange);
    if (hasProblems(problems)) throw badRequest(Object.values(problems)[0]?.[0] ?? 'Invalid stay', problems);
    return quoteStay({
      ...body,
      cottage: unit,
      ...(stayPackage ? { stayPackage } : {}),
      safaris: body.selectedSafaris.map((selection, index) => ({
        id: selection.safariId,
        name: safaris[index]?.name ?? '',
        price: safaris[index]?.price ?? 0,
        date: selection.date,
        timeSlot: selection.timeSlot,
        guests: selection.guests,
      })),
      rules,
    });
  },
);
