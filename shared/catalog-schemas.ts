import * as v from 'valibot';
import { cottageStatuses, packageCategories, packageStatuses, packageTypes, safariCategories, safariStatuses, safariTypes, villaTypes } from './catalog.ts';
import { CATALOGUE_ID, fields, idField, wholeNumber } from './validation.ts';

/** The catalogue's schemas: admin writes are validated with them, and the web checks API answers. */
export const villaTypeSchema = v.picklist(villaTypes);

const idSchema = v.pipe(idField('id'), v.regex(CATALOGUE_ID, 'Ids are lower-case letters, digits and dashes'));

/** Rupee amounts are whole rupees; paise appear only at the payment provider boundary. */
const rupeesSchema = v.pipe(wholeNumber(), v.minValue(0));

/** Text of 1..max characters. */
const text = /* @__NO_SIDE_EFFECTS__ */ (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
/** A list of at most 30 short texts. */
const textList = /* @__NO_SIDE_EFFECTS__ */ (max: number) => v.pipe(v.array(text(max)), v.maxLength(30));

/** A cottage is one bookable unit of a villa type (the API shape of spec section 3). */
export const cottageSchema = fields({
  id: idSchema,
  name: text(120),
  type: villaTypeSchema,
  description: text(2000),
  base_price: rupeesSchema,
  max_guests: v.pipe(wholeNumber(), v.minValue(1), v.maxValue(20)),
  size_sqft: v.pipe(wholeNumber(), v.gtValue(0)),
  amenities: textList(60),
  images: v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.maxLength(20)),
  status: v.picklist(cottageStatuses),
});
export type Cottage = v.InferOutput<typeof cottageSchema>;

/** A stay package priced as a multiple of the package base (spec section 9). */
export const stayPackageSchema = fields({
  id: idSchema,
  name: text(120),
  type: v.picklist(packageTypes),
  category: v.picklist(packageCategories),
  description: text(2000),
  price_multiplier: v.pipe(v.number(), v.gtValue(0), v.maxValue(10)),
  includes_safari: v.boolean(),
  max_safaris: v.pipe(wholeNumber(), v.minValue(0), v.maxValue(10)),
  min_guests: v.pipe(wholeNumber(), v.minValue(1), v.maxValue(20)),
  max_guests: v.pipe(wholeNumber(), v.minValue(1), v.maxValue(20)),
  duration: text(40),
  includes: textList(120),
  /** What the package leaves out (the admin form's optional exclusions); older items have none. */
  exclusions: v.optional(textList(120)),
  /** The admin form's status; `is_active` is what guests are filtered by (true only for 'active'). Older items have none. */
  status: v.optional(v.picklist(packageStatuses)),
  is_active: v.boolean(),
});
export type StayPackage = v.InferOutput<typeof stayPackageSchema>;

/** 'HH:MM-HH:MM', start before end, both on the same day. */
export const timeSlotSchema = v.pipe(
  v.string(),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'Time slots look like 06:00-09:00'),
  v.check((slot: string) => {
    const [start, end] = slot.split('-');
    return (start ?? '') < (end ?? '');
  }, 'A time slot must end after it starts'),
);

/** A wildlife safari, priced per person, run in fixed time slots. */
export const safariSchema = v.pipe(
  fields({
    id: idSchema,
    name: text(120),
    category: v.picklist(safariCategories),
    description: text(2000),
    price: rupeesSchema,
    duration: text(40),
    max_guests: v.pipe(wholeNumber(), v.minValue(1), v.maxValue(40)),
    /**
     * Seats sold per time slot and day (jeeps x seats); max_guests is the most one booking may take.
     * Safaris stored before this field existed read as two six-seat jeeps.
     */
    seats_per_slot: v.optional(v.pipe(wholeNumber(), v.minValue(1), v.maxValue(200)), 12),
    includes: textList(120),
    highlights: textList(120),
    time_slots: v.pipe(v.array(timeSlotSchema), v.minLength(1), v.maxLength(12)),
    is_active: v.boolean(),
    /*
     * The admin spec's fields (section 3), optional so that safaris stored before them stay valid:
     * its finer type (full-day, special beside the categories), where guests meet, what is not
     * included, and a status of which only 'active' is bookable (`is_active`).
     */
    type: v.optional(v.picklist(safariTypes)),
    meeting_point: v.optional(text(200)),
    exclusions: v.optional(textList(120)),
    status: v.optional(v.picklist(safariStatuses)),
  }),
  v.forward(
    v.check((safari) => safari.seats_per_slot >= safari.max_guests, 'A slot must seat at least one full party (seats_per_slot >= max_guests)'),
    ['seats_per_slot'],
  ),
);
export type Safari = v.InferOutput<typeof safariSchema>;
