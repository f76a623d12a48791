import { appliesToMissing } from '../../../shared/admin-pricing.ts';
import type { PricingRule } from '../../../shared/pricing-rule-schema.ts';
import { cottages, safaris, stayPackages, stayTypes } from '../db/catalogue.ts';

/**
 * Whether a rule's `applies_to` names something of its service type that exists: what the quote
 * matches it against (shared/quote.ts): a villa type or a cottage for cottage rules, a package, a
 * safari. The message for field `applies_to` when it does not, else undefined. The shape and the
 * service types that name nothing are the schema's and `ruleProblems`' (shared/admin-pricing.ts).
 */
export async function appliesToProblem(rule: Pick<PricingRule, 'service_type' | 'applies_to'>): Promise<string | undefined> {
  const id = rule.applies_to;
  if (!id) return undefined;
  let exists: boolean;
  switch (rule.service_type) {
    case 'cottage':
      exists = (await stayTypes.get(id)) !== undefined || (await cottages.get(id)) !== undefined;
      break;
    case 'package':
      exists = (await stayPackages.get(id)) !== undefined;
      break;
    case 'safari':
      exists = (await safaris.get(id)) !== undefined;
      break;
    default:
      // ruleProblems refuses an applies_to on the other types before this is asked.
      return undefined;
  }
  return exists ? undefined : appliesToMissing(rule.service_type, id);
}

/** Checked when a write changes what a rule names: a rule whose item was deleted since can still be edited otherwise. */
export const targetChanged = (before: Pick<PricingRule, 'service_type' | 'applies_to'>, after: Pick<PricingRule, 'service_type' | 'applies_to'>): boolean =>
  before.service_type !== after.service_type || before.applies_to !== after.applies_to;
