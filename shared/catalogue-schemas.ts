import * as z from 'zod/mini';
import {
  cottageStatuses,
  packageCategories,
  packageStatuses,
  packageTypes,
  safariCategories,
  safariStatuses,
  safariTypes,
  stayTypeStatuses,
} from './catalogue.ts';
import { MAX_PACKAGE_MULTIPLIER } from './package-price.ts';
import { CATALOGUE_ID, idField, maxLength, minLength, wholeNumber } from './validation.ts';

/*
 * The catalogue's schemas: admin writes are validated with them, and the web checks API answers.
 * Every call building one is marked pure, so that a bundle keeps only the schemas it uses (a
 * cottage route carries no package or safari schema): esbuild keeps any other module-level call.
 */
// Patterns are checked with refine, as the input schemas' own checks are: no bundle needs zod's format checks for them.
const idSchema = /* @__PURE__ */ idField('id').check(
  /* @__PURE__ */ z.refine((id: string) => CATALOGUE_ID.test(id), 'Ids are lower-case letters, digits and dashes'),
);

/** Rupee amounts are whole rupees; paise appear only at the payment provider boundary. */
export const rupeesSchema = /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(0));

/** Text of 1..max characters. */
const text = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.string().check(minLength(1), maxLength(max));
/** A list of at most 30 short texts. */
const textList = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.array(text(max)).check(maxLength(30));

/**
 * A kind of stay (villa type): what guests choose and its card shows, and the one nightly price its
 * units share (docs/product.md#the-resort-and-its-catalogue). `max_guests` is the most a unit of it
 * takes; a unit may take fewer.
 */
export const stayTypeSchema = /* @__PURE__ */ z.object({
  id: idSchema,
  name: text(120),
  description: text(2000),
  base_price: rupeesSchema,
  max_guests: /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(1), /* @__PURE__ */ z.lte(20)),
  size_sqft: /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gt(0)),
  amenities: textList(60),
  images: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string().check(/* @__PURE__ */ minLength(1))).check(/* @__PURE__ */ maxLength(20)),
  status: /* @__PURE__ */ z.enum(stayTypeStatuses),
});
export type StayType = z.infer<typeof stayTypeSchema>;

/** A cottage is one bookable unit of a villa type (docs/product.md#the-resort-and-its-catalogue). */
export const cottageSchema = /* @__PURE__ */ z.object({
  id: idSchema,
  name: text(120),
  /** Its kind of stay's id. */
  type: idSchema,
  description: text(2000),
  base_price: rupeesSchema,
  max_guests: /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(1), /* @__PURE__ */ z.lte(20)),
  size_sqft: /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gt(0)),
  amenities: textList(60),
  images: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string().check(/* @__PURE__ */ minLength(1))).check(/* @__PURE__ */ maxLength(20)),
  status: /* @__PURE__ */ z.enum(cottageStatuses),
});
export type Cottage = z.infer<typeof cottageSchema>;

/** A stay package priced as a multiple of the package base (docs/product.md#quote). */
export const stayPackageSchema = /* @__PURE__ */ z.object({
  id: idSchema,
  name: text(120),
  type: /* @__PURE__ */ z.enum(packageTypes),
  category: /* @__PURE__ */ z.enum(packageCategories),
  description: text(2000),
  price_multiplier: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.gt(0), /* @__PURE__ */ z.lte(MAX_PACKAGE_MULTIPLIER)),
  includes_safari: /* @__PURE__ */ z.boolean(),
  max_safaris: /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(0), /* @__PURE__ */ z.lte(10)),
  min_guests: /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(1), /* @__PURE__ */ z.lte(20)),
  max_guests: /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(1), /* @__PURE__ */ z.lte(20)),
  duration: text(40),
  includes: textList(120),
  /** What the package leaves out (the admin form's optional exclusions); older items have none. */
  exclusions: /* @__PURE__ */ z.optional(textList(120)),
  /** The admin form's status; `is_active` is what guests are filtered by (true only for 'active'). Older items have none. */
  status: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(packageStatuses)),
  is_active: /* @__PURE__ */ z.boolean(),
});
export type StayPackage = z.infer<typeof stayPackageSchema>;

/** 'HH:MM-HH:MM', start before end, both on the same day. */
export const timeSlotSchema = /* @__PURE__ */ z.string().check(
  /* @__PURE__ */ z.refine((slot: string) => /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/.test(slot), 'Time slots look like 06:00-09:00'),
  /* @__PURE__ */ z.refine((slot: string) => {
    const [start, end] = slot.split('-');
    return (start ?? '') < (end ?? '');
  }, 'A time slot must end after it starts'),
);

/** A wildlife safari, priced per person, run in fixed time slots. */
export const safariSchema = /* @__PURE__ */ z
  .object({
    id: idSchema,
    name: text(120),
    category: /* @__PURE__ */ z.enum(safariCategories),
    description: text(2000),
    price: rupeesSchema,
    duration: text(40),
    max_guests: /* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(1), /* @__PURE__ */ z.lte(40)),
    /**
     * Seats sold per time slot and day (jeeps x seats); max_guests is the most one booking may take.
     * Safaris stored before this field existed read as two six-seat jeeps.
     */
    seats_per_slot: /* @__PURE__ */ z._default(/* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(1), /* @__PURE__ */ z.lte(200)), 12),
    includes: textList(120),
    highlights: textList(120),
    time_slots: /* @__PURE__ */ z.array(timeSlotSchema).check(/* @__PURE__ */ minLength(1), /* @__PURE__ */ maxLength(12)),
    is_active: /* @__PURE__ */ z.boolean(),
    /*
     * The portal's safari fields (docs/product.md#safaris-tab), optional so that safaris stored before them stay valid:
     * its finer type (full-day, special beside the categories), where guests meet, what is not
     * included, and a status of which only 'active' is bookable (`is_active`).
     */
    type: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(safariTypes)),
    meeting_point: /* @__PURE__ */ z.optional(text(200)),
    exclusions: /* @__PURE__ */ z.optional(textList(120)),
    status: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(safariStatuses)),
  })
  .check(
    /* @__PURE__ */ z.refine((safari) => safari.seats_per_slot >= safari.max_guests, {
      error: 'A slot must seat at least one full party (seats_per_slot >= max_guests)',
      path: ['seats_per_slot'],
    }),
  );
export type Safari = z.infer<typeof safariSchema>;
