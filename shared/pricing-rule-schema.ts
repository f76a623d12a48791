import * as z from 'zod/mini';
import { isIsoDate } from './stay.ts';
import { textField } from './text.ts';
import { idField, wholeNumber } from './validation.ts';

/*
 * Every call that builds a schema here is marked `@__PURE__` (the outer call and those in its
 * arguments): a function that imports the pricing rules' table module only to delete one builds none.
 */

const isoDate = /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.refine(isIsoDate, 'Dates look like 2026-12-24'));

/**
 * A pricing rule staff set in the portal (docs/product.md#pricing-rules): a percentage off a service, valid for
 * dates, and only for stays of min..max nights. `applies_to` narrows it to one villa type, cottage,
 * package or safari; without it the rule covers the whole service type.
 */
export const pricingRuleSchema = /* @__PURE__ */ z
  .object({
    id: /* @__PURE__ */ idField('id'),
    service_name: /* @__PURE__ */ textField('Service name', 120, { required: 'Service name is required' }),
    service_type: /* @__PURE__ */ z.enum(['cottage', 'safari', 'package', 'activity', 'meal']),
    /** Which item it names is checked when it is written (shared/admin-pricing.ts, and the catalogue on the server). */
    applies_to: /* @__PURE__ */ z.optional(/* @__PURE__ */ idField('applies_to')),
    /** The reference price the portal shows the discount against (Final Price = base minus discount: docs/product.md#pricing-tab). Quotes discount the catalogue's own price. */
    base_price: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number().check(/* @__PURE__ */ z.gte(0), /* @__PURE__ */ z.lte(10_000_000))),
    currency: /* @__PURE__ */ z._default(/* @__PURE__ */ z.enum(['INR', 'USD', 'EUR', 'GBP']), 'INR'),
    season: /* @__PURE__ */ z._default(/* @__PURE__ */ z.enum(['all-year', 'peak', 'off-peak', 'monsoon', 'winter']), 'all-year'),
    discount_percentage: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.gte(0), /* @__PURE__ */ z.lte(100)),
    valid_from: isoDate,
    valid_until: isoDate,
    min_stay: /* @__PURE__ */ z._default(/* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(1)), 1),
    max_stay: /* @__PURE__ */ z._default(/* @__PURE__ */ wholeNumber().check(/* @__PURE__ */ z.gte(1)), 30),
    description: /* @__PURE__ */ textField('Description', 500, { required: 'Description is required', multiline: true }),
    status: /* @__PURE__ */ z.enum(['active', 'inactive', 'seasonal', 'promotional']),
    /** Set by the portal's writes (an update is conditioned on the `updated_at` it read). */
    created_at: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    updated_at: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  })
  .check(
    /* @__PURE__ */ z.refine((rule) => rule.valid_from <= rule.valid_until, { error: 'valid_until must not be before valid_from', path: ['valid_until'] }),
    /* @__PURE__ */ z.refine((rule) => rule.min_stay <= rule.max_stay, { error: 'max_stay must not be below min_stay', path: ['max_stay'] }),
  );
export type PricingRule = z.infer<typeof pricingRuleSchema>;
