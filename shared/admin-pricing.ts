import * as z from 'zod/mini';
import type { PricingRule } from './pricing-rule-schema.ts';
import { discounted } from './pricing-rules.ts';
import { isIsoDate } from './stay.ts';
import { cleanText, textField, tooLongMessage } from './text.ts';
import { CATALOGUE_ID, MAX_ID_LENGTH, maxLength, minLength, wholeNumber } from './validation.ts';

/*
 * The portal's pricing rules (docs/product.md#pricing-rules): what the form and the API accept. The
 * server validates each write with these, and the form shows the same messages under its fields.
 */

export const serviceTypes = ['cottage', 'safari', 'package', 'activity', 'meal'] as const;
export const pricingCurrencies = ['INR', 'USD', 'EUR', 'GBP'] as const;
export const pricingSeasons = ['all-year', 'peak', 'off-peak', 'monsoon', 'winter'] as const;
export const pricingStatuses = ['active', 'inactive', 'seasonal', 'promotional'] as const;

export const pricingMessages = {
  serviceName: 'Service name is required',
  basePrice: 'Base price is required',
  basePriceRange: 'Base price must be a number from 0 to 1,00,00,000',
  validFrom: 'Valid from date is required',
  validUntil: 'Valid until date is required',
  dateFormat: 'Dates look like 2026-12-24',
  validOrder: 'Valid until must not be before valid from',
  description: 'Description is required',
  discount: 'Discount must be between 0 and 100',
  minStay: 'Minimum stay must be at least 1 day',
  maxStay: 'Maximum stay must be at least 1 day',
  stayOrder: 'Maximum stay must not be below minimum stay',
  appliesToShape: 'Applies to is the id of a villa type, cottage, package or safari (lower-case letters, digits and dashes)',
  appliesToNone: 'Activity and meal rules cover the whole service type: leave Applies to empty',
} as const;

/** Service types whose rules can name one item (the quote matches `applies_to` against these: shared/quote.ts). */
export const targetedServiceTypes = ['cottage', 'package', 'safari'] as const;

/** The 400 message for an `applies_to` naming nothing of the rule's service type (checked on the server against the catalogue). */
export const appliesToMissing = (serviceType: string, id: string): string =>
  `Applies to must name an existing ${serviceType === 'cottage' ? 'villa type or cottage' : serviceType}: there is no ${serviceType === 'cottage' ? 'villa type or cottage' : serviceType} '${id}'`;

const requiredText = (label: string, message: string, max: number, multiline = false) => textField(label, max, { required: message, multiline });
const date = (message: string) =>
  z.string(message).check(
    minLength(1, message),
    z.refine((value: string) => value === '' || isIsoDate(value), pricingMessages.dateFormat),
  );
const stay = (message: string) => wholeNumber(message, message).check(z.gte(1, message), z.lte(365, 'Must be at most 365 days'));

/*
 * Every field of a rule staff edit (`id`, `created_at`, `updated_at` are the server's), each its own
 * schema. The create and change schemas below list them in `@__PURE__` calls, so a route's bundle
 * carries only the one of the two it uses.
 */
const serviceNameField = requiredText('Service name', pricingMessages.serviceName, 120);
const serviceTypeField = z.enum(serviceTypes, 'Service type is cottage, safari, package, activity or meal');
/**
 * One villa type or cottage (cottage rules), package or safari id, as the quote matches it; '' or
 * absent: the rule covers the whole service type. That it exists is checked on the server.
 */
const appliesToField = z.optional(
  z.string(pricingMessages.appliesToShape).check(
    z.overwrite((text: string) => cleanText(text)),
    maxLength(MAX_ID_LENGTH, tooLongMessage('Applies to', MAX_ID_LENGTH)),
    z.refine((id: string) => id === '' || CATALOGUE_ID.test(id), pricingMessages.appliesToShape),
  ),
);
const basePriceField = z.number(pricingMessages.basePrice).check(z.gte(0, pricingMessages.basePriceRange), z.lte(10_000_000, pricingMessages.basePriceRange));
const currencyField = z.enum(pricingCurrencies, 'Currency is INR, USD, EUR or GBP');
const seasonField = z.enum(pricingSeasons, 'Season is all-year, peak, off-peak, monsoon or winter');
const discountField = z.number(pricingMessages.discount).check(z.gte(0, pricingMessages.discount), z.lte(100, pricingMessages.discount));
const validFromField = date(pricingMessages.validFrom);
const validUntilField = date(pricingMessages.validUntil);
const minStayField = stay(pricingMessages.minStay);
const maxStayField = stay(pricingMessages.maxStay);
const descriptionField = requiredText('Description', pricingMessages.description, 500, true);
const statusField = z.enum(pricingStatuses, 'Status is active, inactive, seasonal or promotional');

/**
 * The fields checked together: dates in order, stays in order (messages under the later field), and
 * no `applies_to` on a service type that has no items to name.
 */
export function ruleProblems(
  rule: Partial<Pick<PricingRule, 'valid_from' | 'valid_until' | 'min_stay' | 'max_stay' | 'service_type' | 'applies_to'>>,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (rule.applies_to && rule.service_type && !(targetedServiceTypes as readonly string[]).includes(rule.service_type))
    problems.applies_to = [pricingMessages.appliesToNone];
  if (rule.valid_from && rule.valid_until && isIsoDate(rule.valid_from) && isIsoDate(rule.valid_until) && rule.valid_until < rule.valid_from)
    problems.valid_until = [pricingMessages.validOrder];
  if (typeof rule.min_stay === 'number' && typeof rule.max_stay === 'number' && rule.max_stay < rule.min_stay) problems.max_stay = [pricingMessages.stayOrder];
  return problems;
}

/** POST /api/admin/pricing: a new rule (defaults: currency INR, season all-year). */
export const createPricingRuleSchema = /* @__PURE__ */ z.object({
  service_name: serviceNameField,
  service_type: /* @__PURE__ */ z._default(serviceTypeField, 'cottage'),
  applies_to: appliesToField,
  base_price: basePriceField,
  currency: /* @__PURE__ */ z._default(currencyField, 'INR'),
  season: /* @__PURE__ */ z._default(seasonField, 'all-year'),
  discount_percentage: /* @__PURE__ */ z._default(discountField, 0),
  valid_from: validFromField,
  valid_until: validUntilField,
  min_stay: /* @__PURE__ */ z._default(minStayField, 1),
  max_stay: /* @__PURE__ */ z._default(maxStayField, 30),
  description: descriptionField,
  status: /* @__PURE__ */ z._default(statusField, 'active'),
});
export type CreatePricingRule = z.infer<typeof createPricingRuleSchema>;

/** The rule a create stores: the body (an `applies_to` of '' left out), with the server's id and times. */
export function newPricingRule(body: CreatePricingRule, made: { id: string; at: string }): PricingRule {
  const { applies_to: appliesTo, ...rest } = body;
  return { ...rest, ...(appliesTo ? { applies_to: appliesTo } : {}), id: made.id, created_at: made.at, updated_at: made.at };
}

/** PUT /api/admin/pricing/{id} and each bulk update: only the fields that change (the rule is checked whole after merging). */
export const pricingRuleChangesSchema = /* @__PURE__ */ z.object({
  service_name: /* @__PURE__ */ z.optional(serviceNameField),
  service_type: /* @__PURE__ */ z.optional(serviceTypeField),
  /** '' clears it (the rule then covers the whole service type). */
  applies_to: appliesToField,
  base_price: /* @__PURE__ */ z.optional(basePriceField),
  currency: /* @__PURE__ */ z.optional(currencyField),
  season: /* @__PURE__ */ z.optional(seasonField),
  discount_percentage: /* @__PURE__ */ z.optional(discountField),
  valid_from: /* @__PURE__ */ z.optional(validFromField),
  valid_until: /* @__PURE__ */ z.optional(validUntilField),
  min_stay: /* @__PURE__ */ z.optional(minStayField),
  max_stay: /* @__PURE__ */ z.optional(maxStayField),
  description: /* @__PURE__ */ z.optional(descriptionField),
  status: /* @__PURE__ */ z.optional(statusField),
});
export type PricingRuleChanges = z.infer<typeof pricingRuleChangesSchema>;

/** A rule as the API answers it. */
export type AdminPricingRule = PricingRule;

/** Final price of a pricing row: base minus the percentage discount, or the base without one (docs/product.md#pricing-tab). */
export const finalPrice = (rule: Pick<PricingRule, 'base_price' | 'discount_percentage'>): number | undefined =>
  rule.base_price === undefined ? undefined : rule.discount_percentage > 0 ? discounted(rule.base_price, rule.discount_percentage) : rule.base_price;

/**
 * A rule with `changes` applied (an `applies_to` of '' removes it), and the problems of the result
 * checked whole: the field rules and the fields checked together.
 */
export function applyRuleChanges(rule: PricingRule, changes: PricingRuleChanges): PricingRule {
  const merged: Record<string, unknown> = { ...rule };
  for (const [field, value] of Object.entries(changes)) if (value !== undefined) merged[field] = value;
  if (merged.applies_to === '') delete merged.applies_to;
  return merged as PricingRule;
}
