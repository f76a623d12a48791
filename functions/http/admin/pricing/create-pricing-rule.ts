import { randomUUID } from 'node:crypto';
import { createPricingRuleSchema, newPricingRule, ruleProblems } from '../../../../shared/admin-pricing.ts';
import { appliesToProblem } from '../../../lib/catalogue/pricing-targets.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { createPricingRuleWrite } from '../../../lib/db/pricing-rule-writes.ts';
import { transact, TransactionRefused } from '../../../lib/db/transactions.ts';
import { badRequest, conflict } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * POST /api/admin/pricing (manager): a new rule (id made here), stored with its audit entry in one
 * transaction. The next guest quote applies it: quotes read the rules on every request, uncached.
 */
export const handler = httpRoute('create-pricing-rule', { body: createPricingRuleSchema }, async ({ body, principal }) => {
  const problems = ruleProblems(body);
  const unknownTarget = problems.applies_to ? undefined : await appliesToProblem(body);
  if (unknownTarget) problems.applies_to = [unknownTarget];
  if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0]?.[0] ?? 'Invalid rule', problems);
  const now = new Date().toISOString();
  const rule = newPricingRule(body, { id: randomUUID(), at: now });
  try {
    await transact([
      createPricingRuleWrite(rule),
      auditWrite({
        actor: principal,
        action: 'pricing-rule.create',
        subject: { entity: 'pricing-rule', id: rule.id, label: rule.service_name },
        after: rule,
        at: now,
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw conflict('A pricing rule with this id exists already. Please try again.');
    throw error;
  }
  return { statusCode: 201, data: rule };
});
