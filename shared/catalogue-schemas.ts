import * as z from 'zod/mini';
import { cottageStatuses, packageCategories, packageStatuses, packageTypes, safariCategories, safariStatuses, safariTypes, stayKinds } from './catalogue.ts';
import { CATALOGUE_ID, idField, maxLength, minLength, wholeNumber } from './validation.ts';

/** The catalogue's schemas: admin writes are validated with them, and the web checks API answers. */
export const stayKindSchema = z.enum(stayKinds);

const idSchema = idField('id').check(z.regex(CATALOGUE_ID, 'Ids are lower-case letters, digits and dashes'));

/** Rupee amounts are whole rupees; paise appear only at the payment provider boundary. */
const rupeesSchema = wholeNumber().check(z.gte(0));

/** Text of 1..max characters. */
const text = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.string().check(minLength(1), maxLength(max));
/** A list of at most 30 short texts. */
const textList = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.array(text(max)).check(maxLength(30));

/** A cottage is one bookable unit of a villa type (docs/product.md#the-resort-and-its-catalogue). */
export const cottageSchema = z.object({
  id: idSchema,
  name: text(120),
  type: stayKindSchema,
  description: text(2000),
  base_price: rupeesSchema,
  max_guests: wholeNumber().check(z.gte(1), z.lte(20)),
  size_sqft: wholeNumber().check(z.gt(0)),
  amenities: textList(60),
  images: z.array(z.string().check(minLength(1))).check(maxLength(20)),
  status: z.enum(cottageStatuses),
});
export type Cottage = z.infer<typeof cottageSchema>;

/** A stay package priced as a multiple of the package base (docs/product.md#quote). */
export const stayPackageSchema = z.object({
  id: idSchema,
  name: text(120),
  type: z.enum(packageTypes),
  category: z.enum(packageCategories),
  description: text(2000),
  price_multiplier: z.number().check(z.gt(0), z.lte(10)),
  includes_safari: z.boolean(),
  max_safaris: wholeNumber().check(z.gte(0), z.lte(10)),
  min_guests: wholeNumber().check(z.gte(1), z.lte(20)),
  max_guests: wholeNumber().check(z.gte(1), z.lte(20)),
  duration: text(40),
  includes: textList(120),
  /** What the package leaves out (the admin form's optional exclusions); older items have none. */
  exclusions: z.optional(textList(120)),
  /** The admin form's status; `is_active` is what guests are filtered by (true only for 'active'). Older items have none. */
  status: z.optional(z.enum(packageStatuses)),
  is_active: z.boolean(),
});
export type StayPackage = z.infer<typeof stayPackageSchema>;

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
    name: text(120),
    category: z.enum(safariCategories),
    description: text(2000),
    price: rupeesSchema,
    duration: text(40),
    max_guests: wholeNumber().check(z.gte(1), z.lte(40)),
    /**
     * Seats sold per time slot and day (jeeps x seats); max_guests is the most one booking may take.
     * Safaris stored before this field existed read as two six-seat jeeps.
     */
    seats_per_slot: z._default(wholeNumber().check(z.gte(1), z.lte(200)), 12),
    includes: textList(120),
    highlights: textList(120),
    time_slots: z.array(timeSlotSchema).check(minLength(1), maxLength(12)),
    is_active: z.boolean(),
    /*
     * The portal's safari fields (docs/product.md#safaris-tab), optional so that safaris stored before them stay valid:
     * its finer type (full-day, special beside the categories), where guests meet, what is not
     * included, and a status of which only 'active' is bookable (`is_active`).
     */
    type: z.optional(z.enum(safariTypes)),
    meeting_point: z.optional(text(200)),
    exclusions: z.optional(textList(120)),
    status: z.optional(z.enum(safariStatuses)),
  })
  .check(
    z.refine((safari) => safari.seats_per_slot >= safari.max_guests, {
      error: 'A slot must seat at least one full party (seats_per_slot >= max_guests)',
      path: ['seats_per_slot'],
    }),
  );
export type Safari = z.infer<typeof safariSchema>;
