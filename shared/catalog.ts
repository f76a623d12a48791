import * as z from 'zod';

/** The three villa types the resort sells; each is also a URL slug. */
export const villaTypes = ['hornbill-villa', 'kingfisher-villa', 'glass-cottage'] as const;
export const villaTypeSchema = z.enum(villaTypes);
export type VillaType = z.infer<typeof villaTypeSchema>;

const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Ids are lower-case letters, digits and dashes');

/** Rupee amounts are whole rupees; paise appear only at the payment provider boundary. */
const rupeesSchema = z.number().int().nonnegative();

/** A cottage is one bookable unit of a villa type (the API shape of spec section 3). */
export const cottageSchema = z.object({
  id: idSchema,
  name: z.string().min(1).max(120),
  type: villaTypeSchema,
  description: z.string().min(1).max(2000),
  base_price: rupeesSchema,
  max_guests: z.number().int().min(1).max(20),
  size_sqft: z.number().int().positive(),
  amenities: z.array(z.string().min(1).max(60)).max(30),
  images: z.array(z.string().min(1)).max(20),
  status: z.enum(['active', 'inactive', 'maintenance']),
});
export type Cottage = z.infer<typeof cottageSchema>;

export const packageCategories = ['romance', 'family', 'adventure', 'comfort', 'standard'] as const;

/** A stay package priced as a multiple of the package base (spec section 9). */
export const stayPackageSchema = z.object({
  id: idSchema,
  name: z.string().min(1).max(120),
  type: z.enum(['accommodation', 'safari', 'wellness', 'adventure', 'corporate']),
  category: z.enum(packageCategories),
  description: z.string().min(1).max(2000),
  price_multiplier: z.number().positive().max(10),
  includes_safari: z.boolean(),
  max_safaris: z.number().int().min(0).max(10),
  min_guests: z.number().int().min(1).max(20),
  max_guests: z.number().int().min(1).max(20),
  duration: z.string().min(1).max(40),
  includes: z.array(z.string().min(1).max(120)).max(30),
  is_active: z.boolean(),
});
export type StayPackage = z.infer<typeof stayPackageSchema>;

export const safariCategories = ['morning', 'evening', 'night', 'standard'] as const;

/** 'HH:MM-HH:MM', start before end, both on the same day. */
export const timeSlotSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'Time slots look like 06:00-09:00')
  .refine((slot) => {
    const [start, end] = slot.split('-');
    return (start ?? '') < (end ?? '');
  }, 'A time slot must end after it starts');

/** A wildlife safari, priced per person, run in fixed time slots. */
export const safariSchema = z.object({
  id: idSchema,
  name: z.string().min(1).max(120),
  category: z.enum(safariCategories),
  description: z.string().min(1).max(2000),
  price: rupeesSchema,
  duration: z.string().min(1).max(40),
  max_guests: z.number().int().min(1).max(40),
  /**
   * Seats sold per time slot and day (jeeps x seats); max_guests is the most one booking may take.
   * Safaris stored before this field existed read as two six-seat jeeps.
   */
  seats_per_slot: z.number().int().min(1).max(200).default(12),
  includes: z.array(z.string().min(1).max(120)).max(30),
  highlights: z.array(z.string().min(1).max(120)).max(30),
  time_slots: z.array(timeSlotSchema).min(1).max(12),
  is_active: z.boolean(),
}).refine((safari) => safari.seats_per_slot >= safari.max_guests, { message: 'A slot must seat at least one full party (seats_per_slot >= max_guests)', path: ['seats_per_slot'] });
export type Safari = z.infer<typeof safariSchema>;

/** Above this per-person price a safari carries the 'Special Experience' badge (spec section 9). */
export const SPECIAL_SAFARI_PRICE = 800;
export const isSpecialSafari = (safari: Pick<Safari, 'price'>): boolean =>
  safari.price > SPECIAL_SAFARI_PRICE;
