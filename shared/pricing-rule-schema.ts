import * as z from 'zod/mini';
import { isIsoDate } from './stay.ts';
import { textField } from './text.ts';
import { idField, wholeNumber } from './validation.ts';

const isoDate = z.string().check(z.refine(isIsoDate, 'Dates look like 2026-12-24'));

/**
 * A pricing rule staff set in the portal (docs/product.md#pricing-rules): a percentage off a service, valid for
 * dates, and only for stays of min..max nights. `applies_to` narrows it to one villa type, cottage,
 * package or safari; without it the rule covers the whole service type.
 */
export const pricingRuleSchema = z
  .object({
    id: idField('id'),
    service_name: textField('Service name', 120, { required: 'Service name is required' }),
    service_type: z.enum(['cottage', 'safari', 'package', 'activity', 'meal']),
    /** Which item it names is checked when it is written (shared/admin-pricing.ts, and the catalogue on the server). */
    applies_to: z.optional(idField('applies_to')),
    /** The reference price the portal shows the discount against (Final Price = base minus discount: docs/product.md#pricing-tab). Quotes discount the catalogue's own price. */
    base_price: z.optional(z.number().check(z.gte(0), z.lte(10_000_000))),
    currency: z._default(z.enum(['INR', 'USD', 'EUR', 'GBP']), 'INR'),
    season: z._default(z.enum(['all-year', 'peak', 'off-peak', 'monsoon', 'winter']), 'all-year'),
    discount_percentage: z.number().check(z.gte(0), z.lte(100)),
    valid_from: isoDate,
    valid_until: isoDate,
    min_stay: z._default(wholeNumber().check(z.gte(1)), 1),
    max_stay: z._default(wholeNumber().check(z.gte(1)), 30),
    description: textField('Description', 500, { required: 'Description is required', multiline: true }),
    status: z.enum(['active', 'inactive', 'seasonal', 'promotional']),
    /** Set by the portal's writes (an update is conditioned on the `updated_at` it read). */
    created_at: z.optional(z.string()),
    updated_at: z.optional(z.string()),
  })
  .check(
    z.refine((rule) => rule.valid_from <= rule.valid_until, { error: 'valid_until must not be before valid_from', path: ['valid_until'] }),
    z.refine((rule) => rule.min_stay <= rule.max_stay, { error: 'max_stay must not be below min_stay', path: ['max_stay'] }),
  );
export type PricingRule = z.infer<typeof pricingRuleSchema>;
