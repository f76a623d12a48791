import * as z from 'zod/mini';
import { safariStatuses, safariTypes, type Safari } from './catalogue.ts';
import { amount, count, listOrText, requiredText, toList, type ListOrText } from './admin-catalogue.ts';

/* Safaris in the portal (docs/product.md#safaris-tab). */

const clock = (label: string) =>
  z.string(`${label} is required`).check(
    z.refine((time: string) => time !== '', `${label} is required`),
    z.refine((time: string) => time === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(time), `${label} looks like 06:00`),
  );

const categoryOfSafariType: Record<(typeof safariTypes)[number], Safari['category']> = {
  morning: 'morning',
  evening: 'evening',
  night: 'night',
  'full-day': 'standard',
  special: 'standard',
};

/**
 * POST /api/safaris/admin and PUT /api/safaris/admin/{id}: the portal's safari, every field
 * required but exclusions and seats per slot; type defaults to morning.
 */
export const safariInputSchema = /* @__PURE__ */ z
  .object({
    name: /* @__PURE__ */ requiredText('Safari name', 120),
    description: /* @__PURE__ */ requiredText('Description', 2000, true),
    type: /* @__PURE__ */ z._default(/* @__PURE__ */ z.enum(safariTypes, 'Type is morning, evening, full-day, night or special'), 'morning'),
    duration: /* @__PURE__ */ requiredText('Duration', 40),
    price: /* @__PURE__ */ amount('Price', 1_00_000),
    max_guests: /* @__PURE__ */ count('Max guests', 1, 40),
    start_time: /* @__PURE__ */ clock('Start time'),
    end_time: /* @__PURE__ */ clock('End time'),
    meeting_point: /* @__PURE__ */ requiredText('Meeting point', 200),
    includes: /* @__PURE__ */ z
      ._default(/* @__PURE__ */ listOrText('Includes', 120), [])
      .check(/* @__PURE__ */ z.refine((value: ListOrText) => toList(value).length > 0, 'Includes is required')),
    exclusions: /* @__PURE__ */ z.optional(/* @__PURE__ */ listOrText('Exclusions', 120)),
    status: /* @__PURE__ */ z._default(/* @__PURE__ */ z.enum(safariStatuses, 'Status is active, inactive, seasonal or maintenance'), 'active'),
    seats_per_slot: /* @__PURE__ */ z.optional(/* @__PURE__ */ count('Seats per slot', 1, 200)),
  })
  .check(
    /* @__PURE__ */ z.refine((safari) => safari.end_time > safari.start_time, { error: 'End time must be after the start time', path: ['end_time'] }),
    /* @__PURE__ */ z.refine((safari) => safari.seats_per_slot === undefined || safari.seats_per_slot >= safari.max_guests, {
      error: 'A slot must seat at least one full party',
      path: ['seats_per_slot'],
    }),
  );
export type SafariInput = z.infer<typeof safariInputSchema>;

/**
 * The stored safari from the wire body: its start and end make the first time slot (further slots of
 * the safari as it was are kept), seats per slot stay as they were (at least one full party), and
 * only an active safari is bookable.
 */
export function toStoredSafari(input: SafariInput, context: { id: string; existing?: Safari | undefined }): Safari {
  const { existing } = context;
  const slot = `${input.start_time}-${input.end_time}`;
  const exclusions = toList(input.exclusions ?? []);
  return {
    id: context.id,
    name: input.name,
    category: categoryOfSafariType[input.type],
    description: input.description,
    price: input.price,
    duration: input.duration,
    max_guests: input.max_guests,
    seats_per_slot: input.seats_per_slot ?? Math.max(existing?.seats_per_slot ?? 12, input.max_guests),
    includes: toList(input.includes),
    highlights: existing?.highlights ?? [],
    time_slots: [...new Set([slot, ...(existing?.time_slots.slice(1) ?? [])])],
    is_active: input.status === 'active',
    type: input.type,
    meeting_point: input.meeting_point,
    ...(exclusions.length ? { exclusions } : {}),
    status: input.status,
  };
}

export const adminSafariSchema = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
  type: /* @__PURE__ */ z.enum(safariTypes),
  category: /* @__PURE__ */ z.string(),
  duration: /* @__PURE__ */ z.string(),
  price: /* @__PURE__ */ z.number(),
  max_guests: /* @__PURE__ */ z.number(),
  seats_per_slot: /* @__PURE__ */ z.number(),
  start_time: /* @__PURE__ */ z.string(),
  end_time: /* @__PURE__ */ z.string(),
  time_slots: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  meeting_point: /* @__PURE__ */ z.string(),
  includes: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  exclusions: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  highlights: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  status: /* @__PURE__ */ z.enum(safariStatuses),
  is_active: /* @__PURE__ */ z.boolean(),
});
export type AdminSafari = z.infer<typeof adminSafariSchema>;

export function toAdminSafari(safari: Safari): AdminSafari {
  const [start = '', end = ''] = (safari.time_slots[0] ?? '').split('-');
  return {
    id: safari.id,
    name: safari.name,
    description: safari.description,
    type: safari.type ?? (safari.category === 'standard' ? 'special' : safari.category),
    category: safari.category,
    duration: safari.duration,
    price: safari.price,
    max_guests: safari.max_guests,
    seats_per_slot: safari.seats_per_slot,
    start_time: start,
    end_time: end,
    time_slots: safari.time_slots,
    meeting_point: safari.meeting_point ?? '',
    includes: safari.includes,
    exclusions: safari.exclusions ?? [],
    highlights: safari.highlights,
    status: safari.status ?? (safari.is_active ? 'active' : 'inactive'),
    is_active: safari.is_active,
  };
}

export const safariStatsSchema = /* @__PURE__ */ z.object({
  total: /* @__PURE__ */ z.number(),
  active: /* @__PURE__ */ z.number(),
  inactive: /* @__PURE__ */ z.number(),
  seats_next_30_days: /* @__PURE__ */ z.number(),
  safaris: /* @__PURE__ */ z.array(
    /* @__PURE__ */ z.object({
      id: /* @__PURE__ */ z.string(),
      name: /* @__PURE__ */ z.string(),
      status: /* @__PURE__ */ z.string(),
      upcoming_seats: /* @__PURE__ */ z.number(),
      upcoming_days: /* @__PURE__ */ z.number(),
    }),
  ),
});
export type SafariStats = z.infer<typeof safariStatsSchema>;
