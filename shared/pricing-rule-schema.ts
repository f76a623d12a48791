import * as v from 'valibot';
import { isIsoDate } from './stay.ts';
import { textField } from './text.ts';
import { fields, idField, wholeNumber } from './validation.ts';

const isoDate = v.pipe(v.string(), v.check(isIsoDate, 'Dates look like 2026-12-24'));

/**
 * A pricing rule staff set in the portal (admin section 3): a percentage off a service, valid for
 * dates, and only for stays of min..max nights. `applies_to` narrows it to one villa type, cottage,
 * package or safari; without it the rule covers the whole service type.
 */
export const pricingRuleSchema = v.pipe(
  fields({
    id: idField('id'),
    service_name: textField('Service name', 120, { required: 'Service name is required' }),
    service_type: v.picklist(['cottage', 'safari', 'package', 'activity', 'meal']),
    /** Which item it names is checked when it is written (shared/admin-pricing.ts, and the catalogue on the server). */
    applies_to: v.optional(idField('applies_to')),
    /** The reference price the portal shows the discount against (admin section 5: Final Price = base minus discount). Quotes discount the catalogue's own price. */
    base_price: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(10_000_000))),
    currency: v.optional(v.picklist(['INR', 'USD', 'EUR', 'GBP']), 'INR'),
    season: v.optional(v.picklist(['all-year', 'peak', 'off-peak', 'monsoon', 'winter']), 'all-year'),
    discount_percentage: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
    valid_from: isoDate,
    valid_until: isoDate,
    min_stay: v.optional(v.pipe(wholeNumber(), v.minValue(1)), 1),
    max_stay: v.optional(v.pipe(wholeNumber(), v.minValue(1)), 30),
    description: textField('Description', 500, { required: 'Description is required', multiline: true }),
    status: v.picklist(['active', 'inactive', 'seasonal', 'promotional']),
    /** Set by the portal's writes (an update is conditioned on the `updated_at` it read). */
    created_at: v.optional(v.string()),
    updated_at: v.optional(v.string()),
  }),
  v.forward(
    v.check((rule) => rule.valid_from <= rule.valid_until, 'valid_until must not be before valid_from'),
    ['valid_until'],
  ),
  v.forward(
    v.check((rule) => rule.min_stay <= rule.max_stay, 'max_stay must not be below min_stay'),
    ['max_stay'],
  ),
);
export type PricingRule = v.InferOutput<typeof pricingRuleSchema>;
