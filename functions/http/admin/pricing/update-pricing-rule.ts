import { applyRuleChanges, pricingRuleChangesSchema, ruleProblems } from '../../../../shared/admin-pricing.ts';
import { fields, idField } from '../../../../shared/validation.ts';
import { appliesToProblem, targetChanged } from '../../../lib/catalogue/pricing-targets.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { getPricingRule, replacePricingRuleWrite } from '../../../lib/db/pricing-rule-writes.ts';
import { transact, TransactionRefused } from '../../../lib/db/transactions.ts';
import { badRequest, conflict, notFound } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * PUT /api/admin/pricing/{id} (manager): the fields that change (the form sends them all), checked
 * on the whole rule, written only if nobody changed it since it was read, with its audit entry.
 */
export const handler = httpRoute(
  'update-pricing-rule',
  { params: fields({ id: idField('id') }), body: pricingRuleChangesSchema },
  async ({ params, body, principal }) => {
    const before = await getPricingRule(params.id);
    if (!before) throw notFound('Pricing rule not found');
    const now = new Date().toISOString();
    const after = { ...applyRuleChanges(before, body), updated_at: now };
    const problems = ruleProblems(after);
    const unknownTarget = problems.applies_to || !targetChanged(before, after) ? undefined : await appliesToProblem(after);
    if (unknownTarget) problems.applies_to = [unknownTarget];
    if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0]?.[0] ?? 'Invalid rule', problems);
    try {
      await transact([
        replacePricingRuleWrite(after, before),
        auditWrite({
          actor: principal,
          action: 'pricing-rule.update',
          subject: { entity: 'pricing-rule', id: after.id, label: after.service_name },
          before,
          after,
          at: now,
        }),
      ]);
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      if (!(await getPricingRule(params.id))) throw notFound('Pricing rule not found');
      throw conflict('This pricing rule was changed by someone else meanwhile. Please reload it and try again.');
    }
    return after;
  },
);
