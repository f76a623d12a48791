import * as z from 'zod/mini';
import './zod-locale.ts';

/** The three villa types the resort sells; each is also a URL slug. */
export const villaTypes = ['hornbill-villa', 'kingfisher-villa', 'glass-cottage'] as const;
export const villaTypeSchema = z.enum(villaTypes);
export type VillaType = z.infer<typeof villaTypeSchema>;

const idSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9][a-z0-9-]*$/, 'Ids are lower-case letters, digits and dashes'));

/** Rupee amounts are whole rupees; paise appear only at the payment provider boundary. */
const rupeesSchema = z.number().check(z.int(), z.nonnegative());

/** A cottage is one bookable unit of a villa type (the API shape of spec section 3). */
export const cottageSchema = z.object({
  id: idSchema,
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  type: villaTypeSchema,
  description: z.string().check(z.minLength(1), z.maxLength(2000)),
  base_price: rupeesSchema,
  max_guests: z.number().check(z.int(), z.minimum(1), z.maximum(20)),
  size_sqft: z.number().check(z.int(), z.positive()),
  amenities: z.array(z.string().check(z.minLength(1), z.maxLength(60))).check(z.maxLength(30)),
  images: z.array(z.string().check(z.minLength(1))).check(z.maxLength(20)),
  status: z.enum(['active', 'inactive', 'maintenance']),
});
export type Cottage = z.infer<typeof cottageSchema>;

export const packageCategories = ['romance', 'family', 'adventure', 'comfort', 'standard'] as const;

/** A stay package priced as a multiple of the package base (spec section 9). */
export const stayPackageSchema = z.object({
  id: idSchema,
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  type: z.enum(['accommodation', 'safari', 'wellness', 'adventure', 'corporate']),
  category: z.enum(packageCategories),
  description: z.string().check(z.minLength(1), z.maxLength(2000)),
  price_multiplier: z.number().check(z.positive(), z.maximum(10)),
  includes_safari: z.boolean(),
  max_safaris: z.number().check(z.int(), z.minimum(0), z.maximum(10)),
  min_guests: z.number().check(z.int(), z.minimum(1), z.maximum(20)),
  max_guests: z.number().check(z.int(), z.minimum(1), z.maximum(20)),
  duration: z.string().check(z.minLength(1), z.maxLength(40)),
  includes: z.array(z.string().check(z.minLength(1), z.maxLength(120))).check(z.maxLength(30)),
  is_active: z.boolean(),
});
export type StayPackage = z.infer<typeof stayPackageSchema>;

export const safariCategories = ['morning', 'evening', 'night', 'standard'] as const;

/** 'HH:MM-HH:MM', start before end, both on the same day. */
export const timeSlotSchema = z.string().check(
  z.regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'Time slots look like 06:00-09:00'),
  z.refine((slot: string) => {
    const [start, end] = slot.split('-');
    return (start ?? '') < (end ?? '');
  }, 'A time slot must end after it starts'),
);

/** A wildlife safari, priced per person, run in fixed time slots. */
export const safariSchema = z
  .object({
    id: idSchema,
    name: z.string().check(z.minLength(1), z.maxLength(120)),
    category: z.enum(safariCategories),
    description: z.string().check(z.minLength(1), z.maxLength(2000)),
    price: rupeesSchema,
    duration: z.string().check(z.minLength(1), z.maxLength(40)),
    max_guests: z.number().check(z.int(), z.minimum(1), z.maximum(40)),
    /**
     * Seats sold per time slot and day (jeeps x seats); max_guests is the most one booking may take.
     * Safaris stored before this field existed read as two six-seat jeeps.
     */
    seats_per_slot: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(200)), 12),
    includes: z.array(z.string().check(z.minLength(1), z.maxLength(120))).check(z.maxLength(30)),
    highlights: z.array(z.string().check(z.minLength(1), z.maxLength(120))).check(z.maxLength(30)),
    time_slots: z.array(timeSlotSchema).check(z.minLength(1), z.maxLength(12)),
    is_active: z.boolean(),
  })
  .check(
    z.refine((safari) => safari.seats_per_slot >= safari.max_guests, {
      message: 'A slot must seat at least one full party (seats_per_slot >= max_guests)',
      path: ['seats_per_slot'],
    }),
  );
export type Safari = z.infer<typeof safariSchema>;

/** Above this per-person price a safari carries the 'Special Experience' badge (spec section 9). */
export const SPECIAL_SAFARI_PRICE = 800;
export const isSpecialSafari = (safari: Pick<Safari, 'price'>): boolean => safari.price > SPECIAL_SAFARI_PRICE;
